import { moduleContent, prerenderPaths, render, renderLayout, renderSitemap } from "virtual:site-render";
import type { PaymentSetup } from "../../../shared/payment-methods";
import { pageByPath } from "../../../shared/routes";
import type { StudioContent } from "../../../shared/schemas/content";
import { publishedVersionAt } from "../content/service";
import { notFoundPath } from "./keys";
import type { RenderedPage } from "./pipeline";

/**
 * The site's own server render, run in the worker. A page is the build's HTML shell (the
 * inlined styles, font and chunk preloads the prerenderer wrote) around what React renders
 * now from the published content. The shell of each path is taken once per isolate from the
 * build's prerendered file, by cutting out what the build rendered into it from the content it
 * was built with; rendered from that same content, the result is the prerendered file itself,
 * byte for byte.
 */
interface Shell {
  html: string;
  /** style-src's hash sources as the build's headers give them for its static pages, if any. */
  styleHashes: string[] | undefined;
  /** The islands the build's page hydrates at once: the ones its preloaded chunks are for. */
  loadIslands: string[];
}

/** The islands of a rendered page that hydrate at once (site/app/island.tsx's wrapper). */
const loadIslandsOf = (html: string) =>
  [...html.matchAll(/data-island="([^"]+)" data-hydrate="load"/g)].map((match) => match[1] ?? "");
const shells = new Map<string, Shell>();

/**
 * A page's markup without the days it shows: "Last updated" on the terms is the day of the
 * render, so the build's copy and today's render of the same content differ after midnight.
 */
const withoutDays = (html: string) => html.replace(/<time\b[^>]*>[^<]*<\/time>/g, "<time></time>");

const rootOpen = '<div id="root">';

async function shellFor(assets: Fetcher, path: string, siteUrl: string): Promise<Shell> {
  const known = shells.get(path);
  if (known) return known;
  const file = await assets.fetch(new Request(new URL(path, "https://assets.local")));
  const built = await file.text();
  const page = await render(path, siteUrl, moduleContent());
  // The page's markup is what the template's root holds (index.html: <div id="root"><!--app--></div>).
  const appStart = built.indexOf(rootOpen) + rootOpen.length;
  const appEnd = built.lastIndexOf("</div>", built.lastIndexOf("</body>"));
  const builtApp = built.slice(appStart, appEnd);
  if (
    !built.includes(page.head) ||
    appStart < rootOpen.length ||
    withoutDays(builtApp) !== withoutDays(page.html)
  ) {
    throw new Error(`the build's page at ${path} does not hold what the worker rendered`);
  }
  const shell = {
    html: `${built.slice(0, appStart).replace(page.head, "<!--head-->")}<!--app-->${built.slice(appEnd)}`,
    styleHashes: builtStyleHashes(file),
    loadIslands: loadIslandsOf(page.html),
  };
  shells.set(path, shell);
  return shell;
}

/**
 * The style-src hash sources the build's `_headers` gives its static files, so that a
 * response's policy does not depend on whether the worker or the asset layer answered it.
 */
function builtStyleHashes(file: Response): string[] | undefined {
  const policy = file.headers.get("Content-Security-Policy");
  const styleSrc = policy ? /(?:^|; )style-src 'self'([^;]*)/.exec(policy) : null;
  return styleSrc ? (styleSrc[1] ?? "").trim().split(" ").filter(Boolean) : undefined;
}

/** The sitemap is kept and served like a page, its lastmod the live version's publish time. */
const sitemapPath = "/sitemap.xml";

/** What the build's own sitemap file is served with (its media type and policy), once per isolate. */
let sitemapHeaders: { contentType: string; styleHashes: string[] | undefined } | undefined;

async function renderedSitemap(assets: Fetcher, siteUrl: string, publishedAt: string): Promise<RenderedPage> {
  if (!sitemapHeaders) {
    const file = await assets.fetch(new Request(new URL(sitemapPath, "https://assets.local")));
    await file.body?.cancel();
    sitemapHeaders = {
      contentType: file.headers.get("Content-Type") ?? "application/xml",
      styleHashes: builtStyleHashes(file),
    };
  }
  const { contentType, styleHashes } = sitemapHeaders;
  const xml = renderSitemap(siteUrl, new Date(publishedAt).toISOString());
  return styleHashes
    ? { html: xml, status: 200, contentType, styleHashes }
    : { html: xml, status: 200, contentType };
}

/** Whether the site has a page at a path (the prerendered ones, /home included, and the sitemap). */
export function isSitePage(path: string): boolean {
  return path === sitemapPath || isHtmlPage(path);
}

/** Whether a path is one of the site's HTML pages (what a preview can show). */
export function isHtmlPage(path: string): boolean {
  return prerenderPaths.includes(path) && pageByPath(path) !== undefined;
}

/** Every path isSitePage accepts, each registered as a route of its own (worker/features/site-pages/page-routes.ts). */
export const sitePagePaths: readonly string[] = [...prerenderPaths.filter(isHtmlPage), sitemapPath];

/**
 * A whole page from the given content: the published version's, or the editor's drafts for a
 * preview, so that a preview is the page a visitor will get, through the very same assembly. A
 * published page names its islands' data file; a preview carries the data. The deposit's words
 * follow how this deployment takes payment.
 */
export async function renderSitePage(
  assets: Fetcher,
  path: string,
  siteUrl: string,
  content: StudioContent,
  data: "file" | "inline",
  payment: PaymentSetup,
): Promise<RenderedPage> {
  const page = await render(path, siteUrl, { ...content, payment }, data);
  // A filtered page ("/gallery?size=small") has its plain page's shell.
  const shell = await shellFor(assets, path.split("?")[0] ?? path, siteUrl);
  let html = shell.html.replace("<!--head-->", () => page.head).replace("<!--app-->", () => page.html);
  // The build preloads the chunks of the islands it rendered. When the published content
  // takes one of them away (the request form while the books are closed), those chunks would
  // be fetched for nothing, against the page's script budget: without the preloads the entry
  // script loads just what the page's islands need, when they are due.
  const rendered = new Set(loadIslandsOf(page.html));
  if (shell.loadIslands.some((name) => !rendered.has(name))) html = html.replace(/ data-chunks="[^"]*"/, "");
  const status = path === notFoundPath ? 404 : page.status;
  return shell.styleHashes ? { html, status, styleHashes: shell.styleHashes } : { html, status };
}

/** The content the build prerendered its pages from. */
export const buildContent = (): StudioContent => moduleContent();

/** A page the worker writes, as markup: its path (for the layout), head tags and main content. */
export interface PageAroundMain {
  path: string;
  head: string;
  headEnd: string;
  main: string;
}

/**
 * A whole page whose main content the worker writes (a request's private page): the build's
 * page template, as every page has it (its inlined stylesheet, font preload and entry script),
 * with the site's layout drawn from `content` around `main`. `head` goes where a page's own head
 * tags go; `headEnd` last in the head, after the site's styles (a stylesheet that refines them).
 */
export async function renderAroundMain(
  assets: Fetcher,
  siteUrl: string,
  content: StudioContent,
  page: PageAroundMain,
  payment: PaymentSetup,
): Promise<{ html: string; styleHashes: string[] | undefined }> {
  const shell = await shellFor(assets, notFoundPath, siteUrl);
  const layout = renderLayout(page.path, { ...content, payment });
  const html = shell.html
    .replace("<!--head-->", () => page.head)
    .replace("<!--app-->", () => `${layout.before}${page.main}${layout.after}`)
    .replace("</head>", () => `${page.headEnd}</head>`);
  return { html, styleHashes: shell.styleHashes };
}

/** A renderer for the page pipeline: whole pages, the not-found page with status 404. */
export function siteRenderer(assets: Fetcher, db: D1Database, siteUrl: string, payment: PaymentSetup) {
  return async (path: string, version: number, notice: boolean): Promise<RenderedPage> => {
    const { content, publishedAt } = await publishedVersionAt(db, version);
    if (path === sitemapPath) return renderedSitemap(assets, siteUrl, publishedAt);
    // Outside the announcement's dates the page is drawn as if there were none.
    return renderSitePage(
      assets,
      path,
      siteUrl,
      notice ? content : { ...content, announcement: null },
      "file",
      payment,
    );
  };
}
