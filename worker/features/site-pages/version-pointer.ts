import { log } from "../../platform/log";
import { type LiveVersion, liveVersionWithAnnouncement } from "../content/service";

/**
 * How long a location trusts the content version it last read from D1. Publishing is visible
 * everywhere within this plus one render; a cached page view in the meantime reads no D1 row.
 */
const pointerFreshMs = 5_000;

/** Cache API key of this location's pointer to the live content version (beside the pages it names). */
export function pointerCacheKey(origin: string): Request {
  return new Request(`${origin}/__pages/pointer`);
}

interface Pointer extends LiveVersion {
  readAt: number;
}

export interface PointerDeps {
  cache: Cache;
  db: D1Database;
  origin: string;
  now: () => number;
}

/** The live version could not be read; `lastKnown` is what this location read before, if anything. */
export class VersionUnavailable extends Error {
  readonly lastKnown: number | null;
  constructor(
    readonly lastKnownLive: LiveVersion | null,
    cause: unknown,
  ) {
    super("the live content version could not be read", { cause });
    this.lastKnown = lastKnownLive?.version ?? null;
  }
}

async function readPointer(cache: Cache, origin: string): Promise<Pointer | null> {
  const stored = await cache.match(pointerCacheKey(origin));
  if (!stored) return null;
  const value = (await stored.json()) as Partial<Pointer>;
  return typeof value.version === "number" && typeof value.readAt === "number"
    ? { version: value.version, readAt: value.readAt, announcement: value.announcement ?? null }
    : null;
}

/**
 * Records `version` as this location's live version, read at `now`. The entry itself lives
 * long: only its read time decides whether it is fresh, so after it expires it still names
 * the version whose pages are the stale copies to serve if D1 cannot be read.
 */
export async function rememberVersion(deps: Omit<PointerDeps, "db">, live: LiveVersion): Promise<void> {
  const body = JSON.stringify({ ...live, readAt: deps.now() } satisfies Pointer);
  await deps.cache.put(
    pointerCacheKey(deps.origin),
    new Response(body, {
      headers: { "content-type": "application/json", "cache-control": "public, max-age=31536000" },
    }),
  );
}

/**
 * The content version this location serves, with its announcement's dates: the pointer while it
 * is fresh (no D1 row read), otherwise one row from D1, written back as the new pointer. Throws
 * VersionUnavailable when D1 fails or nothing is published.
 */
export async function currentLiveVersion(deps: PointerDeps): Promise<LiveVersion> {
  const pointer = await readPointer(deps.cache, deps.origin).catch(() => null);
  if (pointer && deps.now() - pointer.readAt < pointerFreshMs) {
    return { version: pointer.version, announcement: pointer.announcement };
  }
  let live: LiveVersion | null;
  try {
    live = await liveVersionWithAnnouncement(deps.db);
  } catch (error) {
    throw new VersionUnavailable(pointer, error);
  }
  if (live === null) throw new VersionUnavailable(pointer, "nothing is published");
  await rememberVersion(deps, live);
  return live;
}

/** The content version this location serves (see currentLiveVersion). */
export async function currentVersion(deps: PointerDeps): Promise<number> {
  return (await currentLiveVersion(deps)).version;
}

/**
 * Points this location at a version just published, so that the artist's own look at the site
 * shows it at once rather than after the location's next version check. Other locations see it
 * within that check. A failure here costs only that wait, never the publish.
 */
export async function announcePublished(requestUrl: string, db: D1Database): Promise<void> {
  const origin = new URL(requestUrl).origin;
  try {
    const live = await liveVersionWithAnnouncement(db);
    if (live) await rememberVersion({ cache: caches.default, origin, now: Date.now }, live);
  } catch (error) {
    log("warn", "published version not announced to this location", { error: String(error) });
  }
}
