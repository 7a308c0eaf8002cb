import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppRoutes, preloadPage } from "./app/routes";
import { AppErrorBoundary } from "./components/error-boundary";
import { ContentProvider, type PageContent } from "./content/content-context";
import { readPageContent } from "./content/page-sections";
import "./styles/global.css";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element");

const app = (content: PageContent) => (
  <StrictMode>
    <ContentProvider content={content}>
      <AppErrorBoundary>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppErrorBoundary>
    </ContentProvider>
  </StrictMode>
);

// Built and worker-rendered pages arrive rendered, with the content they were rendered from,
// and are hydrated once their page's chunk is in. `vite dev` serves the empty template and
// renders from the typed modules (a chunk only dev loads).
const served = readPageContent(document);
if (container.firstElementChild && served) {
  const root = container;
  preloadPage(window.location.pathname).then(() => hydrateRoot(root, app(served)));
} else {
  import("../shared/content/module-content").then(({ contentFromModules }) =>
    createRoot(container).render(app(contentFromModules())),
  );
}
