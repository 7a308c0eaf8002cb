import { announcementShows } from "../../../shared/announcement";
import { log } from "../../platform/log";
import { zonedDate } from "../../platform/studio-clock";
import type { LiveVersion } from "../content/service";
import { lastPageKvKey, notFoundPath, type PageVersion, pageCacheKey, pageKvKey } from "./keys";
import { pageCacheControl, pageResponse, type ResponseOptions } from "./page-response";
import {
  fromCacheEntry,
  readKvPage,
  type StoredPage,
  styleHashesOf,
  toCacheEntry,
  writeKvPage,
} from "./page-store";
import { currentLiveVersion, VersionUnavailable } from "./version-pointer";

export interface RenderedPage {
  html: string;
  status: number;
  /** The CSP hash sources style-src must allow; by default those of the styles the HTML inlines. */
  styleHashes?: string[];
  /** The media type when the "page" is not HTML (the sitemap). */
  contentType?: string;
}

/**
 * Renders the whole page at a path from the given content version, with its announcement or
 * without it (outside the announcement's dates).
 */
type PageRenderer = (path: string, version: number, notice: boolean) => Promise<RenderedPage>;

export interface PagePipeline {
  cache: Cache;
  kv: KVNamespace;
  db: D1Database;
  /** The static asset layer: the build's prerendered files, the last resort. */
  assets: Fetcher;
  render: PageRenderer;
  /** Whether a path is one of the site's pages; any other path gets the not-found page. */
  isPage: (path: string) => boolean;
  /** Identifies the deployed build, whose markup a page's key must match. */
  build: string;
  turnstile: boolean;
  now: () => number;
  waitUntil: (work: Promise<unknown>) => void;
}

/**
 * Serves a public page: the version this location trusts, then the page of that version from
 * the Cache API, else from KV (copied into the cache), else rendered and written to both and
 * kept as the path's last good copy. If the version cannot be read or the render fails, the
 * last good copy is served instead (see serveStale): a page that ever rendered never fails.
 */
export async function servePage(request: Request, pipeline: PagePipeline, search = ""): Promise<Response> {
  const url = new URL(request.url);
  // `search`: the query the page renders from, in one spelling (a filtered gallery): that page
  // is kept and served as a path of its own.
  const pagePath = pipeline.isPage(url.pathname) ? url.pathname : notFoundPath;
  const path = search && pagePath !== notFoundPath ? `${pagePath}?${search}` : pagePath;
  const options: ResponseOptions = { request, build: pipeline.build, turnstile: pipeline.turnstile };
  const { cache, kv, build } = pipeline;

  let version: PageVersion;
  try {
    const live = await currentLiveVersion({ cache, db: pipeline.db, origin: url.origin, now: pipeline.now });
    version = pageVersionOf(live, pipeline.now());
  } catch (error) {
    const lastKnown = error instanceof VersionUnavailable ? error.lastKnownLive : null;
    log("warn", "page served stale: content version unreadable", { path, error: String(error) });
    return serveStale(
      path,
      lastKnown && pageVersionOf(lastKnown, pipeline.now()),
      url.origin,
      pipeline,
      options,
    );
  }

  const cacheKey = pageCacheKey(url.origin, build, version, path);
  const cached = await cache.match(cacheKey).catch(() => undefined);
  if (cached) return pageResponse(await fromCacheEntry(cached), path, options);

  const copied = await readKvPage(kv, pageKvKey(build, version, path)).catch(() => null);
  if (copied) {
    pipeline.waitUntil(keep(cache.put(cacheKey, toCacheEntry(copied)), path));
    return pageResponse(copied, path, options);
  }

  let page: StoredPage;
  try {
    const rendered = await pipeline.render(path, version.version, version.notice);
    const styleHashes = rendered.styleHashes ?? (await styleHashesOf(rendered.html));
    page = { html: rendered.html, status: rendered.status, ...version, styleHashes };
    if (rendered.contentType) page.contentType = rendered.contentType;
  } catch (error) {
    log("warn", "page served stale: render failed", { path, version: version.version, error: String(error) });
    return serveStale(path, version, url.origin, pipeline, options);
  }
  pipeline.waitUntil(
    keep(
      Promise.all([
        cache.put(cacheKey, toCacheEntry(page)),
        writeKvPage(kv, pageKvKey(build, version, path), page),
        writeKvPage(kv, lastPageKvKey(path), page),
      ]),
      path,
    ),
  );
  return pageResponse(page, path, options);
}

/** Which copy of a version's pages is current at `now`: with the announcement, or without it. */
export function pageVersionOf(live: LiveVersion, now: number): PageVersion {
  const notice =
    live.announcement !== null &&
    announcementShows(live.announcement, zonedDate(new Date(now), live.announcement.timeZone));
  return { version: live.version, notice };
}

/** A failed write costs a later render, never this answer. */
function keep(work: Promise<unknown>, path: string): Promise<void> {
  return work.then(
    () => undefined,
    (error) => log("warn", "rendered page not kept", { path, error: String(error) }),
  );
}

/**
 * The last good copy of a page, in order: this location's cached page of the version it last
 * knew, the path's last rendered page in KV (any version, any location), and the build's
 * prerendered file (older content, but a whole page).
 */
async function serveStale(
  path: string,
  lastKnown: PageVersion | null,
  origin: string,
  pipeline: PagePipeline,
  options: ResponseOptions,
): Promise<Response> {
  if (lastKnown !== null) {
    const key = pageCacheKey(origin, pipeline.build, lastKnown, path);
    const cached = await pipeline.cache.match(key).catch(() => undefined);
    if (cached) return pageResponse(await fromCacheEntry(cached), path, options);
  }
  const last = await readKvPage(pipeline.kv, lastPageKvKey(path)).catch(() => null);
  if (last) return pageResponse(last, path, options);
  const file = await pipeline.assets.fetch(new Request(new URL(path, origin)));
  const headers = new Headers(file.headers);
  headers.set("Cache-Control", pageCacheControl);
  const status = path === notFoundPath ? 404 : file.status;
  return new Response(file.body, { status, headers });
}
