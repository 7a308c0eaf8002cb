import { type ComponentType, StrictMode, startTransition } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { ContentProvider, type PageContent } from "../content/content-context";
import { PathProvider } from "./path-context";

/**
 * React, loaded only by pages with an island to hydrate (site/main.ts): each island becomes its
 * own root over the server's HTML, with the content the page was rendered from (its data file,
 * site/app/page-data.ts) and the page's path, so its first render matches what the server wrote.
 *
 * An island that throws (data of the wrong shape, a bug) would leave React's empty root where
 * the server's form or list was: the server's markup is kept aside and put back, and `onFail`
 * marks the island as one that works as it does without JavaScript.
 *
 * Hydrated as a transition: React then takes the island over in slices of a few milliseconds,
 * yielding to the browser between them, instead of in one task that a phone's slow CPU turns
 * into a long freeze (a tap or key press during it hydrates what it lands on first).
 */
export function hydrateIsland(
  container: HTMLElement,
  Component: ComponentType<object>,
  props: object,
  content: PageContent,
  onFail: (error: unknown) => void,
) {
  const serverMarkup = container.innerHTML;
  let failed = false;
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <PathProvider path={window.location.pathname}>
          <ContentProvider content={content}>
            <Component {...props} />
          </ContentProvider>
        </PathProvider>
      </StrictMode>,
      {
        onUncaughtError(error) {
          if (failed) return;
          failed = true;
          // React has already taken the tree down; unmounting from inside its own callback is not
          // allowed, so the server's markup returns on the next task.
          setTimeout(() => {
            root?.unmount();
            container.innerHTML = serverMarkup;
            onFail(error);
          });
        },
      },
    );
  });
}
