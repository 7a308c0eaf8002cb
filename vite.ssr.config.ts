import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { chunkGraph } from "./scripts/lib/chunk-graph.mjs";

// Builds the prerender entry for Node. Kept apart from vite.config.ts: with the Cloudflare
// plugin present an SSR build is written to the wrong place.
export default defineConfig({
  plugins: [react(), chunkGraph("ssr")],
  publicDir: false,
  build: {
    ssr: "site/entry-server.tsx",
    outDir: "dist/ssr",
    emptyOutDir: true,
    target: "node22",
    // Each page's stylesheets, split by the page's chunk: the prerenderer inlines a page's own.
    ssrEmitAssets: true,
  },
  ssr: {
    noExternal: ["react-router"],
  },
});
