// Builds everything: the responsive images, the public site's client and the worker in one Vite
// build, the admin app in its own client build (no vendor chunk shared with the public pages),
// then the prerender entry, then static HTML for every public route (scripts/prerender.mjs).
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build, createBuilder } from "vite";
import { buildFonts } from "./fonts.mjs";
import { buildImages } from "./images.mjs";
import { chunkGraph, chunkOf, reachable, readChunkGraph, resetChunkGraph } from "./lib/chunk-graph.mjs";
import { prerender, scriptsAfterFirstPaint } from "./prerender.mjs";

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

/**
 * The admin's page for a screen that arrives drawn: its script, and the chunks given, start
 * after the first paint, as the public pages' scripts do (public/after-first-paint.js): fetched
 * with the page, they would be waited for before the first paint on a slow phone, which is what
 * drawing the screen saves. The heading font is preloaded, as on the public pages, so the heading
 * does not move when it arrives.
 */
function drawnAdminPage(shell, screenChunks = []) {
  const stylesheet = /href="(\/assets\/admin-[^"]+\.css)"/.exec(shell)?.[1];
  if (!stylesheet) throw new Error("The admin's stylesheet was not found in its built page");
  const css = readFileSync(join("dist/client", stylesheet), "utf8");
  const font = /url\((\/assets\/cormorant-garamond-600-core-[^)]+\.woff2)\)/.exec(css)?.[1];
  if (!font) throw new Error("The heading font was not found in the admin's stylesheet");
  if (!shell.includes('<div id="root"></div>'))
    throw new Error("The admin's page has no empty #root to draw into");
  return scriptsAfterFirstPaint(shell, screenChunks, "admin").replace(
    "</title>",
    () => `</title>\n    <link rel="preload" href="${font}" as="font" type="font/woff2" crossorigin>`,
  );
}

/**
 * The admin's sign-in page with its form already in it: the sign-in screen rendered at build
 * time (admin/entry-server.tsx) into a copy of the admin's page, beside it as admin/login.html.
 * The worker serves it to a browser with no session (worker/features/admin-shell/routes.ts): on
 * a phone the form paints with the page and its stylesheet instead of after the admin's script,
 * which hydrates it.
 */
async function prerenderAdminSignIn(logLevel) {
  await build({
    configFile: false,
    logLevel,
    plugins: [react()],
    publicDir: false,
    build: { ssr: "admin/entry-server.tsx", outDir: "dist/ssr-admin", emptyOutDir: true, target: "node22" },
    ssr: { noExternal: ["react-router"] },
  });
  const { renderSignIn } = await import(pathToFileURL(resolve("dist/ssr-admin/entry-server.js")).href);
  const page = drawnAdminPage(readFileSync("dist/client/admin/index.html", "utf8"));
  writeFileSync(
    "dist/client/admin/login.html",
    page.replace('<div id="root"></div>', () => `<div id="root">${renderSignIn()}</div>`),
  );
}

/**
 * The page the worker draws the artist's Today into when her phone opens the admin on it with a
 * session (worker/features/admin-shell/routes.ts): her day paints with the page; the admin's
 * script and Today's code come after it and take the drawing over.
 */
function writeAdminTodayPage() {
  const shell = readFileSync("dist/client/admin/index.html", "utf8");
  const graph = readChunkGraph("client");
  const loadedWithEntry = reachable(graph, chunkOf(graph, "admin/main.tsx"));
  const screen = reachable(graph, chunkOf(graph, "admin/pages/today.tsx"), { stop: loadedWithEntry });
  writeFileSync("dist/client/admin/today.html", drawnAdminPage(shell, screen));
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
  await prerenderAdminSignIn(logLevel);
  writeAdminTodayPage();
  await build({ configFile: "vite.ssr.config.ts", logLevel });
  return prerender({ quiet });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll({ quiet: process.argv.includes("--quiet") });
}
