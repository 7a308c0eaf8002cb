import { type ComponentType, lazy } from "react";

export interface LazyPage {
  (): React.JSX.Element;
  /** Loads the page's chunk; awaited before hydration so the first render matches the HTML. */
  preload(): Promise<void>;
}

/**
 * A page in its own chunk, so the home page does not carry every page's content in its
 * JavaScript and stays within its budget. The prerenderer and the browser preload the page they render
 * before rendering it, so hydration never meets a suspended tree; client navigations to a page
 * not yet loaded suspend briefly under the layout's <Suspense>.
 */
export function lazyPage<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  exportName: K,
): LazyPage {
  let loaded: ComponentType | undefined;
  const preload = async () => {
    loaded = (await load())[exportName];
  };
  const Suspending = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType };
  });
  const Page = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Suspending />;
  };
  Page.preload = preload;
  return Page;
}
