import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppRoutes, preloadPage } from "./app/routes";
import { AppErrorBoundary } from "./components/error-boundary";
import "./styles/global.css";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element");

const app = (
  <StrictMode>
    <AppErrorBoundary>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppErrorBoundary>
  </StrictMode>
);

// Built pages arrive prerendered and are hydrated once their page's chunk is in; `vite dev`
// serves the empty template.
if (container.firstElementChild) {
  const root = container;
  preloadPage(window.location.pathname).then(() => hydrateRoot(root, app));
} else createRoot(container).render(app);
