// Builds everything: the client (public site + admin) and the worker in one Vite build, then
// the prerender entry, then static HTML for every public route (scripts/prerender.mjs).
import { build, createBuilder } from "vite";
import { prerender } from "./prerender.mjs";

export async function buildAll({ quiet = false } = {}) {
  const logLevel = quiet ? "warn" : "info";
  // The builder builds every environment (client and worker), as `vite build` does.
  const builder = await createBuilder({ configFile: "vite.config.ts", logLevel });
  await builder.buildApp();
  await build({ configFile: "vite.ssr.config.ts", logLevel });
  return prerender({ quiet });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
