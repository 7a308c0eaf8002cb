import { type ComponentType, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { ContentProvider } from "../content/content-context";
import { readPageContent } from "../content/page-sections";
import { PathProvider } from "./path-context";

/**
 * React, loaded only by pages with an island to hydrate (site/main.ts): each island becomes its
 * own root over the server's HTML, with the content the page was rendered from (#page-content)
 * and the page's path, so its first render matches what the server wrote.
 */
const content = readPageContent(document);

export function hydrateIsland(container: HTMLElement, Component: ComponentType<object>, props: object) {
  if (!content) throw new Error("The page carries no #page-content to hydrate from");
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
