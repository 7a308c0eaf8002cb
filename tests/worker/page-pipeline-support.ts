import { env } from "cloudflare:test";
import type { PagePipeline, RenderedPage } from "../../worker/features/site-pages/pipeline";
import { countingDb, seedContent } from "./content-support";
import { d1Down, kvDown } from "./outage-support";

/** The only stylesheet the stand-in renderer inlines, and its CSP hash source. */
const pageStyle = "p{color:gold}";
export const pageStyleHash = "'sha256-Dc3aUbOQjCetLFqoM2WrUHvsVRcpsyqUoRymYdQLvQg='";

const knownPaths = new Set(["/", "/gallery", "/services", "/faq"]);

/**
 * A stand-in for the site's renderer: a whole page that says which path and content version
 * it shows, so a test reads what a visitor would see. It counts its renders and can be made
 * to fail.
 */
function standInRenderer() {
  const state = { renders: 0, failing: false };
  const render = async (path: string, version: number): Promise<RenderedPage> => {
    state.renders++;
    if (state.failing) throw new Error("renderer broke");
    const text = path === "/404" ? "Page not found" : `${path} at version ${version}`;
    return {
      html: `<!doctype html><html><head><style>${pageStyle}</style></head><body><p>${text}</p></body></html>`,
      status: path === "/404" ? 404 : 200,
    };
  };
  return { render, state };
}

/** The asset layer with the build's prerendered files: older content, but whole pages. */
const prerenderedAssets = {
  fetch: async (request: Request) => {
    const path = new URL(request.url).pathname;
    const found = knownPaths.has(path);
    return new Response(`<!doctype html><p>prerendered ${found ? path : "not found"}</p>`, {
      status: found ? 200 : 404,
      headers: { "content-type": "text/html; charset=utf-8" },
    });
  },
} as unknown as Fetcher;

let locations = 0;

/**
 * One edge location with its own Cache API (a fresh origin: cache keys are per origin) sharing
 * the real KV and D1 with every other location, a clock the test moves, and the writes the
 * pipeline leaves to waitUntil collected so the test can wait for them.
 */
export function location(renderer = standInRenderer()) {
  const origin = `https://location-${++locations}.test`;
  const clock = { now: 1_800_000_000_000 };
  const pending: Promise<unknown>[] = [];
  let db: D1Database = env.DB;
  let kv: KVNamespace = env.KV;
  const base = {
    cache: caches.default,
    assets: prerenderedAssets,
    render: renderer.render,
    isPage: (path: string) => knownPaths.has(path),
    build: "test-build",
    turnstile: false,
    now: () => clock.now,
    waitUntil: (work: Promise<unknown>) => pending.push(work),
  };
  return {
    origin,
    clock,
    renderer: renderer.state,
    takeDatabaseAway: () => {
      db = d1Down;
    },
    takeKvAway: () => {
      kv = kvDown;
    },
    /** The pipeline for one request, its D1 statements counted. */
    pipeline(): { pipeline: PagePipeline; counter: { queries: number } } {
      const counted = countingDb(db);
      return { pipeline: { ...base, kv, db: counted.db }, counter: counted.counter };
    },
    settle: async () => {
      await Promise.all(pending.splice(0));
    },
  };
}

/** Fresh content (version 1 only) and no kept pages, for each test. */
export async function resetContentAndPages() {
  await seedContent();
  const keys = await env.KV.list({ prefix: "page:" });
  await Promise.all(keys.keys.map((key) => env.KV.delete(key.name)));
}

/** Publishes the live content again as the next version, as the content API does. */
export async function publishNextVersion(): Promise<number> {
  await env.DB.prepare(
    `INSERT INTO content_versions (version, snapshot, published_at, published_by)
     SELECT version + 1, snapshot, ?1, 'test' FROM content_versions ORDER BY version DESC LIMIT 1`,
  )
    .bind(new Date().toISOString())
    .run();
  const row = await env.DB.prepare("SELECT max(version) AS v FROM content_versions").first<{ v: number }>();
  return row?.v ?? 0;
}
