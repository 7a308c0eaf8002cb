import { resolve } from "node:path";

/**
 * The site's server render, imported by the worker's page pipeline under this name (declared
 * in worker/features/site-pages/site-render.d.ts): the worker build and the worker tests resolve it to the
 * same module the prerenderer runs.
 */
export const siteRenderAlias = { find: "virtual:site-render", replacement: resolve("site/entry-server.tsx") };
