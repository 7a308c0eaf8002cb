// Writes one static HTML file per public route from the built template, plus 404.html,
// sitemap.xml, robots.txt and the _headers file with the shared security headers.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { siteUrl as configuredSiteUrl, wranglerVar } from "./lib/config.mjs";

const clientDir = resolve("dist/client");

function fileFor(path) {
  if (path === "/") return join(clientDir, "index.html");
  return join(clientDir, path.slice(1), "index.html");
}

export async function prerender({ quiet = false } = {}) {
  const entry = await import(pathToFileURL(resolve("dist/ssr/entry-server.js")).href);
  const template = readFileSync(join(clientDir, "index.html"), "utf8");
  const siteUrl = configuredSiteUrl();
  const fill = ({ head, html }) => template.replace("<!--head-->", head).replace("<!--app-->", html);

  const written = [];
  for (const path of entry.prerenderPaths) {
    const page = await entry.render(path, siteUrl);
    if (page.status !== 200) throw new Error(`Prerendering ${path} answered ${page.status}`);
    const file = fileFor(path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, fill(page));
    written.push(path);
  }
  const notFound = await entry.render("/404", siteUrl);
  writeFileSync(join(clientDir, "404.html"), fill(notFound));

  const today = new Date().toISOString().slice(0, 10);
  writeFileSync(join(clientDir, "sitemap.xml"), entry.renderSitemap(siteUrl, today));
  writeFileSync(join(clientDir, "robots.txt"), entry.renderRobots(siteUrl));
  // Turnstile's script and frame are allowed only when a site key is configured.
  const turnstile = Boolean(process.env.TURNSTILE_SITE_KEY || wranglerVar("TURNSTILE_SITE_KEY"));
  writeFileSync(join(clientDir, "_headers"), entry.renderHeadersFile({ turnstile }));
  if (!quiet) console.log(`prerendered ${written.length} pages + 404 for ${siteUrl}`);
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await prerender();
}
