import { moduleContent, pageData } from "virtual:site-render";
import { Hono } from "hono";
import type { PaymentSetup } from "../../../shared/payment-methods";
import { publicPages } from "../../../shared/routes";
import type { StudioContent } from "../../../shared/schemas/content";
import { paymentSetupKey, paymentSetupOf } from "../../platform/config";
import { log } from "../../platform/log";
import type { AppEnv } from "../../types";
import { publishedVersionAt } from "../content/service";
import { currentVersion, VersionUnavailable } from "./version-pointer";

/**
 * /page-data/<page>.<hash>.json: the content a page's islands hydrate from, as the page names it
 * (site/content/page-sections.ts). Pages leave it out of their HTML so that it does not delay
 * their first paint, and the browser fetches it only when an island is due.
 *
 * The name holds the SHA-256 of the data, so the file is found by working the page's data out
 * again from the content it can have been rendered from: the build's own content, then the live
 * version this location serves and the two before it (a page a visitor opened just before a
 * publish). The live version comes from the same pointer the pages use (worker/pages), and an
 * isolate keeps the versions it has parsed, so an address nobody published (a guessed or
 * garbled hash, however many) costs a few lookups and no D1 row. An address always means the
 * same bytes: cached for a year, in the browser and in this location's cache. Anything else, an
 * older page's data included, is a 404: the islands then stay as the server wrote them.
 */
const pageKeys = new Set<string>(publicPages.map((page) => page.key));
const fileName = /^([a-z-]+)\.([A-Za-z0-9_-]{22})\.json$/;
/** Versions before the live one whose pages may still be open and asking for their data. */
const earlierVersions = 2;

const jsonHeaders = (cacheControl: string) => ({
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": cacheControl,
  "X-Robots-Tag": "noindex",
});

const notFound = () =>
  new Response(JSON.stringify({ error: { code: "not_found", message: "No such page data." } }), {
    status: 404,
    headers: jsonHeaders("no-store"),
  });

type PageData = Awaited<ReturnType<typeof pageData>>;

let built: ReturnType<typeof moduleContent> | undefined;
/** The build's content, parsed once per isolate. */
function builtContent() {
  if (!built) built = moduleContent();
  return built;
}
/**
 * Each page's data per content this isolate holds (the build's, and the versions it keeps
 * parsed): worked out once, so no request, however many addresses it tries, repeats the work.
 */
const dataByContent = new WeakMap<StudioContent, Map<string, Promise<PageData>>>();

function dataOf(content: StudioContent, key: string, payment: PaymentSetup): Promise<PageData> {
  let pages = dataByContent.get(content);
  if (!pages) {
    pages = new Map();
    dataByContent.set(content, pages);
  }
  const name = `${key}${paymentSetupKey(payment)}`;
  const known = pages.get(name);
  if (known) return known;
  const data = pageData(key, { ...content, payment });
  pages.set(name, data);
  // A failure is not kept: the next request works it out again.
  data.catch(() => pages.delete(name));
  return data;
}

/** The version whose pages this location serves: the pointer's, or the last it knew when D1 is out. */
async function liveVersion(db: D1Database, origin: string): Promise<number> {
  try {
    return await currentVersion({ cache: caches.default, db, origin, now: Date.now });
  } catch (error) {
    if (error instanceof VersionUnavailable && error.lastKnown !== null) return error.lastKnown;
    throw error;
  }
}

/** The data file of `key` whose hash is `hash`, from the contents a page can be showing. */
async function findData(
  db: D1Database,
  origin: string,
  key: string,
  hash: string,
  payment: PaymentSetup,
): Promise<string | null> {
  const matching = async (content: StudioContent) => {
    const data = await dataOf(content, key, payment);
    return data.hash === hash ? data.json : null;
  };
  const fromBuild = await matching(builtContent());
  if (fromBuild !== null) return fromBuild;
  // Versions are numbered one after another and never deleted.
  const live = await liveVersion(db, origin);
  for (let version = live; version >= Math.max(1, live - earlierVersions); version--) {
    const found = await matching((await publishedVersionAt(db, version)).content);
    if (found !== null) return found;
  }
  return null;
}

export const pageDataRoute = new Hono<AppEnv>().get("/:file", async (c) => {
  const [, key = "", hash = ""] = fileName.exec(c.req.param("file")) ?? [];
  if (!pageKeys.has(key)) return notFound();

  const cached = await caches.default.match(c.req.url).catch(() => undefined);
  if (cached) return cached;

  let json: string | null;
  try {
    json = await findData(c.env.DB, new URL(c.req.url).origin, key, hash, paymentSetupOf(c.env));
  } catch (error) {
    // The page itself still works: its islands stay as the server wrote them until a reload.
    log("warn", "page data unavailable", { key, error: String(error) });
    return new Response(
      JSON.stringify({
        error: { code: "unavailable", message: "The page's data could not be read just now." },
      }),
      { status: 503, headers: { ...jsonHeaders("no-store"), "Retry-After": "30" } },
    );
  }
  if (json === null) return notFound();
  const response = new Response(json, { headers: jsonHeaders("public, max-age=31536000, immutable") });
  c.executionCtx.waitUntil(
    caches.default.put(c.req.url, response.clone()).catch((error) => {
      log("warn", "page data not cached", { key, error: String(error) });
    }),
  );
  return response;
});
