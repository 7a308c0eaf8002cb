/**
 * The site's server render: built by vite.ssr.config.ts and run by scripts/prerender.mjs at
 * build time, and bundled into the worker, which renders pages with it (worker/pages/). It never
 * ships to the browser.
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { absoluteUrl, pageByPath, publicPages } from "../shared/routes";
import { renderHeadersFile } from "../shared/security-headers";
import { AppRoutes, preloadAllPages } from "./app/routes";
import { AppErrorBoundary } from "./components/error-boundary";
import { headFor, renderHeadTags } from "./lib/head";
import { renderJsonLd, structuredDataFor } from "./lib/structured-data";

interface RenderedPage {
  html: string;
  head: string;
  status: number;
}

export async function render(path: string, siteUrl: string): Promise<RenderedPage> {
  await preloadAllPages();
  const html = renderToString(
    <StrictMode>
      <AppErrorBoundary>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppErrorBoundary>
    </StrictMode>,
  );
  const head = headFor(path, siteUrl);
  const headTags = [renderHeadTags(head, siteUrl), ...renderJsonLd(structuredDataFor(path, siteUrl))];
  return { html, head: headTags.join("\n    "), status: head.found ? 200 : 404 };
}

/** The page key whose chunk a path loads (for modulepreload links), or null. */
export function pageKeyFor(path: string): string | null {
  return pageByPath(path)?.key ?? null;
}

/** Every path written as a static page: the route table plus the /home alias. */
export const prerenderPaths = [...publicPages.map((page) => page.path), "/home"];

export function renderSitemap(siteUrl: string, lastmod: string): string {
  const urls = publicPages
    .filter((page) => page.indexable)
    .map(
      (page) =>
        `  <url>\n    <loc>${absoluteUrl(siteUrl, page.path)}</loc>\n    <lastmod>${lastmod}</lastmod>\n    <changefreq>${page.changefreq}</changefreq>\n    <priority>${page.priority.toFixed(1)}</priority>\n  </url>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function renderRobots(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api",
    "",
    `Sitemap: ${absoluteUrl(siteUrl, "/sitemap.xml")}`,
    "",
  ].join("\n");
}

export { renderHeadersFile };
