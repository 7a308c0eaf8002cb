import { resolve } from "node:path";

/**
 * The site's server render, imported by the worker's page pipeline under this name (declared
 * in worker/features/site-pages/site-render.d.ts): the worker build and the worker tests resolve it to the
 * same module the prerenderer runs.
 */
export const siteRenderAlias = { find: "virtual:site-render", replacement: resolve("site/entry-server.tsx") };

/**
 * The admin's drawing of Today (admin/render-today.tsx), imported by the worker's admin page
 * under this name (declared in worker/features/admin-shell/admin-render.d.ts).
 */
export const adminRenderAlias = {
  find: "virtual:admin-render",
  replacement: resolve("admin/render-today.tsx"),
};
