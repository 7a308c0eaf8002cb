/**
 * Prerender entry, built by vite.ssr.config.ts and run by scripts/prerender.mjs at build time.
 * It never ships to the browser or the worker.
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { absoluteUrl, publicPages } from "../shared/routes";
import { renderHeadersFile } from "../shared/security-headers";
import { routes } from "./app/routes";
import { headFor, renderHeadTags } from "./lib/head";
import { SiteUrlProvider } from "./lib/site-url";

export interface RenderedPage {
  html: string;
  head: string;
  status: number;
}

export async function render(path: string, siteUrl: string): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, siteUrl)));
  if (context instanceof Response) throw new Error(`Unexpected redirect while prerendering ${path}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <SiteUrlProvider value={siteUrl}>
        {/* hydrate={false}: the default inline hydration script would need CSP 'unsafe-inline'. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </SiteUrlProvider>
    </StrictMode>,
  );
  const head = headFor(path, siteUrl);
  return { html, head: renderHeadTags(head, siteUrl), status: head.found ? 200 : 404 };
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
