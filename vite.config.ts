import { resolve } from "node:path";
import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { chunkGraph } from "./scripts/lib/chunk-graph.mjs";
import { siteUrl } from "./scripts/lib/config.mjs";
import { adminRenderAlias, siteRenderAlias } from "./scripts/lib/site-render-alias.mjs";

/**
 * The public site's client build plus the worker. The admin app is built on its own
 * (scripts/build.mjs, adminBuildConfig) so the two apps never share a vendor chunk: the admin's
 * data router would otherwise ride along on every public page. Under
 * `vite dev` both apps are served from their HTML files as before.
 */
/**
 * react-router's package points bundlers at its development build (dev warnings on); the
 * production build is the same code with them off, so the public pages ship that one.
 */
export const reactRouterProduction = {
  find: /^react-router$/,
  replacement: resolve("node_modules/react-router/dist/production/index.mjs"),
};

export default defineConfig(({ mode }) => ({
  plugins: [react(), cloudflare(), chunkGraph()],
  resolve: {
    alias: [siteRenderAlias, adminRenderAlias, ...(mode === "production" ? [reactRouterProduction] : [])],
  },
  define: {
    // Pages kept by the worker are keyed by build: a deploy changes hashed file names in the markup.
    __SITE_BUILD__: JSON.stringify(Date.now().toString(36)),
    // The worker renders pages with the origin the prerendered files were built with, so that
    // its pages and the build's agree (canonical links, Open Graph, JSON-LD).
    __SITE_URL__: JSON.stringify(siteUrl()),
  },
  environments: {
    // The worker minified (its source map beside it, uploaded by wrangler for readable stack
    // traces): a smaller script starts faster in each new isolate and stays within the plan's size.
    gilded_needle: {
      build: { minify: true, sourcemap: true },
    },
    client: {
      build: {
        // No preload helper around dynamic imports: the prerendered pages already carry
        // modulepreload links for their own chunks (scripts/prerender.mjs), and the helper's
        // bytes would count against the home page's JavaScript budget.
        modulePreload: false,
        rollupOptions: {
          input: { site: resolve("index.html") },
          output: {
            codeSplitting: {
              groups: [
                {
                  // What every island loads with React, in one file with it: each file a page
                  // loads costs a request and its headers (about a kilobyte each on a local
                  // server), more than these small modules weigh together. Home and the pages
                  // without islands still load none of it.
                  name: "hydrate-island",
                  test: /node_modules[\\/](?:react|react-dom|scheduler)[\\/]|site[\\/]app[\\/]hydrate-island|site[\\/]content[\\/]content-context|site[\\/]lib[\\/](?:use-url-search|tab-keys)/,
                },
              ],
            },
          },
        },
      },
    },
  },
}));
