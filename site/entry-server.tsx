/**
 * The site's server render: built by vite.ssr.config.ts and run by scripts/prerender.mjs at
 * build time, and bundled into the worker, which renders pages with it (worker/features/site-pages/). It never
 * ships to the browser.
 */
import { renderToString } from "react-dom/server";
import { contentFromModules } from "../shared/content/module-content";
import { visibleContent } from "../shared/content/visible";
import type { PaymentSetup } from "../shared/payment-methods";
import { absoluteUrl, pageByPath, publicPages } from "../shared/routes";
import type { StudioContent } from "../shared/schemas/content";
import { renderHeadersFile } from "../shared/security-headers";
import { pageFor, SitePage } from "./app/routes";
import { type PageDataSource, pageContentFor, pageDataFor, pageDataTag } from "./content/page-sections";
import { ConsentMarkup } from "./features/consent";
import { galleryFilterQuery, readGalleryFilters } from "./features/gallery";
import { headFor, renderHeadTags, renderImagePreload } from "./lib/head";
import { leadImageFor } from "./lib/lead-images";
import { renderJsonLd, structuredDataFor } from "./lib/structured-data";

/** A published version's content, with how this deployment takes payment (cash only if not given). */
type Published = StudioContent & { payment?: PaymentSetup | undefined };

interface RenderedPage {
  html: string;
  head: string;
  status: number;
}

/**
 * Renders the page at a path from one published version of the content. A page with islands
 * names the file of the data they hydrate from (site/content/page-sections.ts), or carries the
 * data itself (a preview).
 */
export async function render(
  pathAndSearch: string,
  siteUrl: string,
  published: Published,
  data: PageDataSource = "file",
): Promise<RenderedPage> {
  const [path, search] = splitSearch(pathAndSearch);
  const content = visibleContent(published);
  const pageKey = pageByPath(path)?.key ?? "not-found";
  const pageContent = pageContentFor(pageKey, content, published.payment);
  const filtered = pageSearch(path, search, published);
  const html = renderToString(
    <SitePage path={path} search={filtered} content={pageContent} Page={await pageFor(path)} />,
  );
  const head = headFor(path, siteUrl, content);
  const key = pageKeyFor(path) ?? "";
  // Pages whose first screen on a phone is an artwork (the page's largest paint) preload it; the
  // preload comes first in the head, so it is the first request after the page. A filtered
  // gallery may not show that artwork first: it preloads nothing rather than the wrong one.
  const lead = filtered ? null : leadImageFor(key, content);
  const headTags = [
    ...(lead ? [renderImagePreload(lead)] : []),
    renderHeadTags(head, content.studio),
    ...(html.includes('data-island="')
      ? [pageDataTag(pageKey, await pageDataFor(pageKey, pageContent), data)]
      : []),
  ];
  // The structured data goes after the page rather than in the head: search engines read it
  // anywhere, the first paint does not wait for it, and beside the page's own words (the
  // reviews, the studio's hours, the portfolio's titles) it costs far fewer compressed bytes,
  // which keeps a page's first response within one round trip of a new connection.
  const structuredData = renderJsonLd(structuredDataFor(path, siteUrl, content)).join("");
  return {
    html: html + structuredData,
    head: headTags.join("\n    "),
    status: head.found ? 200 : 404,
  };
}

const splitSearch = (pathAndSearch: string): [string, string] => {
  const at = pathAndSearch.indexOf("?");
  return at < 0 ? [pathAndSearch, ""] : [pathAndSearch.slice(0, at), pathAndSearch.slice(at + 1)];
};

/**
 * The part of a query string the page at `path` renders from, in one spelling ("" for none):
 * the portfolio's filters, so that a filter link works without JavaScript (the worker keeps one
 * page per spelling, and a value no piece has is dropped, so the pages an address can ask for
 * are few). Every other page, and every other parameter, renders as the plain page.
 */
export function pageSearch(path: string, search: string, published: StudioContent): string {
  if (!search || pageByPath(path)?.key !== "gallery") return "";
  const styles = visibleContent(published).portfolio.map((piece) => piece.style);
  return galleryFilterQuery(readGalleryFilters(new URLSearchParams(search), styles));
}

/**
 * The data file of one page (by its key) of the given content, as the page names it: what the
 * worker serves at that address (worker/features/site-pages/routes.ts).
 */
export function pageData(key: string, published: Published) {
  return pageDataFor(key, pageContentFor(key, visibleContent(published), published.payment));
}

/** Where the layout is cut for a main part the worker writes (the React render never writes it). */
const mainSlot = '<template data-main-slot=""></template>';
const MainSlot = () => <template data-main-slot="" />;

/**
 * The site's layout (header, announcement, footer, privacy dialog) from one published version
 * of the content, cut where a page's main content goes: the frame of a page the worker writes
 * itself (a request's private page), so it looks and behaves as every page of the site does.
 */
export function renderLayout(path: string, published: Published): { before: string; after: string } {
  const content = visibleContent(published);
  const html = renderToString(
    <SitePage
      path={path}
      content={pageContentFor("not-found", content, published.payment)}
      Page={MainSlot}
    />,
  );
  const at = html.indexOf(mainSlot);
  if (at < 0) throw new Error("the site's layout has no place for a page's main content");
  return { before: html.slice(0, at), after: html.slice(at + mainSlot.length) };
}

/**
 * The privacy dialog's markup, written by the build to /consent-dialog.txt: the pages' script
 * fetches it after the first paint (site/features/consent/consent-dialog.ts). Its words are the
 * site's own, not published content, so one file serves every content version.
 */
export const renderConsentDialog = (): string => renderToString(<ConsentMarkup />);

/** The content the site showed before it moved to the database: what the build prerenders. */
export const moduleContent = (): StudioContent => contentFromModules();

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
