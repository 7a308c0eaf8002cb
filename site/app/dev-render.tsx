import { createRoot } from "react-dom/client";
import { contentFromModules } from "../../shared/content/module-content";
import { pageByPath } from "../../shared/routes";
import { pageContentFor } from "../content/page-sections";
import { pageFor, SitePage } from "./routes";

/**
 * `vite dev` only: the dev server serves the bare template, so the whole page renders here, in
 * the browser, from the typed modules. Every component is isomorphic, so this is the page the
 * server would send, live-reloading as its sources change.
 */
const path = window.location.pathname;
const container = document.getElementById("root");
const content = pageContentFor(pageByPath(path)?.key ?? "not-found", contentFromModules());
if (container) {
  pageFor(path).then((Page) =>
    createRoot(container).render(<SitePage path={path} content={content} Page={Page} />),
  );
}
