// Builds everything: the responsive images, the public site's client and the worker in one Vite
// build, the admin app in its own client build (no vendor chunk shared with the public pages),
// then the prerender entry, then static HTML for every public route (scripts/prerender.mjs).
import { resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { build, createBuilder } from "vite";
import { buildFonts } from "./fonts.mjs";
import { buildImages } from "./images.mjs";
import { chunkGraph, resetChunkGraph } from "./lib/chunk-graph.mjs";
import { prerender } from "./prerender.mjs";

/** The admin bundle: written into the same dist/client the worker's ASSETS binding serves. */
export function adminBuildConfig(logLevel = "info") {
  return {
    configFile: false,
    logLevel,
    plugins: [react(), chunkGraph()],
    publicDir: false,
    build: {
      outDir: "dist/client",
      emptyOutDir: false,
      rollupOptions: { input: { admin: resolve("admin/index.html") } },
    },
  };
}

export async function buildAll({ quiet = false } = {}) {
  const logLevel = quiet ? "warn" : "info";
  await buildImages({ quiet });
  await buildFonts({ quiet });
  resetChunkGraph();
  // The builder builds every environment (client and worker), as `vite build` does.
  const builder = await createBuilder({ configFile: "vite.config.ts", logLevel });
  await builder.buildApp();
  await build(adminBuildConfig(logLevel));
  await build({ configFile: "vite.ssr.config.ts", logLevel });
  return prerender({ quiet });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll({ quiet: process.argv.includes("--quiet") });
}
