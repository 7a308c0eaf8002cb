import { pageSearch } from "virtual:site-render";
import type { Context } from "hono";
import { pageByPath } from "../../../shared/routes";
import type { StudioContent } from "../../../shared/schemas/content";
import { paymentSetupKey, paymentSetupOf } from "../../platform/config";
import { log } from "../../platform/log";
import type { AppEnv } from "../../types";
import { publishedVersionAt } from "../content/service";
import { requestedDesign, withLiveDesign } from "./attached-design-page";
import { notFoundPath } from "./keys";
import { type PagePipeline, pageVersionOf, servePage } from "./pipeline";
import { previewPage } from "./preview";
import { buildContent, isSitePage, type PageAroundMain, renderAroundMain, siteRenderer } from "./renderer";
import { currentLiveVersion } from "./version-pointer";

/**
 * Identifies the deployed build in page keys: set by the Vite build (a new value every build),
 * "dev" where nothing set it (the test pool).
 */
declare const __SITE_BUILD__: string | undefined;
const build = typeof __SITE_BUILD__ === "string" ? __SITE_BUILD__ : "dev";

/**
 * The origin the build prerendered with (set by the Vite build; `npm start` builds for the
 * local server's origin), else the configured one.
 */
declare const __SITE_URL__: string | undefined;
const builtSiteUrl = typeof __SITE_URL__ === "string" ? __SITE_URL__ : undefined;

/** The origin the pages' links and structured data name. */
const pageSiteUrl = (env: Env) => builtSiteUrl ?? env.SITE_URL;

/** What a page needs from the request's context: the bindings and a way to finish work later. */
type PageContext = Pick<Context<AppEnv>, "env" | "executionCtx"> & { req: { url: string } };

/**
 * The page pipeline of this request's worker. Pages state how the studio takes payment, which
 * its configuration decides: the setup is part of the build's mark in every page key, so a
 * page rendered under another setup is never served.
 */
function pipelineOf(c: PageContext): PagePipeline {
  const payment = paymentSetupOf(c.env);
  return {
    cache: caches.default,
    kv: c.env.KV,
    db: c.env.DB,
    assets: c.env.ASSETS,
    render: siteRenderer(c.env.ASSETS, c.env.DB, pageSiteUrl(c.env), payment),
    isPage: isSitePage,
    build: `${build}${paymentSetupKey(payment)}`,
    turnstile: Boolean(c.env.TURNSTILE_SITE_KEY),
    now: Date.now,
    waitUntil: (work) => c.executionCtx.waitUntil(work),
  };
}

/**
 * A public page (or the not-found page) rendered by the worker through the page pipeline; in
 * the artist's preview mode, the page drawn from her drafts instead (preview.ts).
 */
export async function sitePage(c: Context<AppEnv>): Promise<Response> {
  const preview = await previewPage(c, new URL(c.req.url).pathname, pageSiteUrl(c.env));
  if (preview) return preview;
  const page = await servePage(c.req.raw, pipelineOf(c), await renderedSearch(c));
  const design = requestedDesign(new URL(c.req.url));
  if (!design || page.status !== 200) return page;
  return withLiveDesign(c.env.DB, page, design);
}

/**
 * The query the page renders from (a filtered gallery, whose filter links work without
 * JavaScript), read against the live content so that a value no piece has is dropped and the
 * pages kept stay few; "" for every other page and query. With the content unreadable, the
 * build's decides.
 */
async function renderedSearch(c: PageContext): Promise<string> {
  const url = new URL(c.req.url);
  if (!url.search || pageByPath(url.pathname)?.key !== "gallery") return "";
  return pageSearch(url.pathname, url.search.slice(1), await layoutContent(c));
}

/**
 * The live page at `path`, as a plain GET of it gets it: what the worker's own answers on a
 * page (a form posted without JavaScript, leaving the waitlist) start from, so they show the
 * published content rather than the build's.
 */
export function sitePageAt(c: PageContext, path: string): Promise<Response> {
  return servePage(new Request(new URL(path, c.req.url)), pipelineOf(c));
}

/**
 * The site's not-found page, as the pipeline keeps it for every unknown path: the answer to a
 * wrong or revoked private link. Asked for without the visitor's request headers, so it is
 * always the whole page, never a 304.
 */
export function notFoundShell(c: PageContext): Promise<Response> {
  return servePage(new Request(new URL(notFoundPath, c.req.url)), pipelineOf(c));
}

/**
 * A page the worker writes itself in the site's layout, from the live content (with its
 * announcement on the days it shows): the whole document and the style hashes its policy needs.
 * When the content cannot be read, the layout is the build's, as the pipeline's last resort
 * serves the build's own pages.
 */
export async function siteDocument(
  c: PageContext,
  page: PageAroundMain,
): Promise<{ html: string; styleHashes: string[] | undefined }> {
  return renderAroundMain(
    c.env.ASSETS,
    pageSiteUrl(c.env),
    await layoutContent(c),
    page,
    paymentSetupOf(c.env),
  );
}

async function layoutContent(c: PageContext): Promise<StudioContent> {
  const origin = new URL(c.req.url).origin;
  try {
    const live = await currentLiveVersion({ cache: caches.default, db: c.env.DB, origin, now: Date.now });
    const { version, notice } = pageVersionOf(live, Date.now());
    const { content } = await publishedVersionAt(c.env.DB, version);
    return notice ? content : { ...content, announcement: null };
  } catch (error) {
    log("warn", "private page drawn in the build's layout: content version unreadable", {
      error: String(error),
    });
    return buildContent();
  }
}
