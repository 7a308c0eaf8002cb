import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { routes } from "./app/routes";
import { SiteUrlProvider, siteUrlFromDocument } from "./lib/site-url";
import "./styles/global.css";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element");

const router = createBrowserRouter(routes);
const app = (
  <StrictMode>
    <SiteUrlProvider value={siteUrlFromDocument()}>
      <RouterProvider router={router} />
    </SiteUrlProvider>
  </StrictMode>
);

// Built pages arrive prerendered and are hydrated; `vite dev` serves the empty template.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
