import { type ComponentType, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { ContentProvider, type PageContent } from "../content/content-context";
import { PathProvider } from "./path-context";

/**
 * React, loaded only by pages with an island to hydrate (site/main.ts): each island becomes its
 * own root over the server's HTML, with the content the page was rendered from (its data file,
 * site/app/page-data.ts) and the page's path, so its first render matches what the server wrote.
 */
export function hydrateIsland(
  container: HTMLElement,
  Component: ComponentType<object>,
  props: object,
  content: PageContent,
) {
  hydrateRoot(
    container,
    <StrictMode>
      <PathProvider path={window.location.pathname}>
        <ContentProvider content={content}>
          <Component {...props} />
        </ContentProvider>
      </PathProvider>
    </StrictMode>,
  );
}
