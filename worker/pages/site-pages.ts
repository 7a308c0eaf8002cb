import type { Context } from "hono";
import type { AppEnv } from "../types";
import { requestedDesign, withLiveDesign } from "./attached-design";
import { servePage } from "./pipeline";
import { isSitePage, siteRenderer } from "./site-renderer";

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
export const pageSiteUrl = (env: Env) => builtSiteUrl ?? env.SITE_URL;

/** A public page (or the not-found page) rendered by the worker through the page pipeline. */
export async function sitePage(c: Context<AppEnv>): Promise<Response> {
  const page = await livePage(c, c.req.raw);
  const design = requestedDesign(new URL(c.req.url));
  if (!design || page.status !== 200) return page;
  return withLiveDesign(c.env.DB, page, design);
}

/**
 * The live page at `path`, as a plain GET of it gets it: what the worker's own answers on a
 * page (a form posted without JavaScript, leaving the waitlist) start from, so they show the
 * published content rather than the build's.
 */
export function sitePageAt(c: PageContext, path: string): Promise<Response> {
  return livePage(c, new Request(new URL(path, c.req.url)));
}

/** What a page needs from the request's context: the bindings and a way to finish work later. */
type PageContext = Pick<Context<AppEnv>, "env" | "executionCtx"> & { req: { url: string } };

function livePage(c: PageContext, request: Request): Promise<Response> {
  return servePage(request, {
    cache: caches.default,
    kv: c.env.KV,
    db: c.env.DB,
    assets: c.env.ASSETS,
    render: siteRenderer(c.env.ASSETS, c.env.DB, pageSiteUrl(c.env)),
    isPage: isSitePage,
    build,
    turnstile: Boolean(c.env.TURNSTILE_SITE_KEY),
    now: Date.now,
    waitUntil: (work) => c.executionCtx.waitUntil(work),
  });
}
