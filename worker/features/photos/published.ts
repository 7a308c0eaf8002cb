import { visibleContent } from "../../../shared/content/visible";
import type { StudioContent } from "../../../shared/schemas/content";
import { publishedVersionAt } from "../content/service";
import { currentVersion, VersionUnavailable } from "../site-pages/version-pointer";

/**
 * The uploaded photos visitors may see: those the live version shows (a hidden piece's or an
 * archived design's photo stays private, like one never published). The version is the one
 * this location's pages are rendered from (the same pointer, so a page and its photos agree and
 * an image request reads no D1 row while the pointer is fresh); the keys are kept per version
 * for the isolate's life, since a version never changes once published.
 */
const keysByVersion = new Map<number, ReadonlySet<string>>();

function uploadKeys(content: StudioContent): Set<string> {
  const keys = new Set<string>();
  for (const item of [...content.portfolio, ...content.flash]) {
    if (item.image?.source === "upload") keys.add(item.image.key);
  }
  return keys;
}

export async function isPublishedPhoto(db: D1Database, origin: string, key: string): Promise<boolean> {
  let version: number;
  try {
    version = await currentVersion({ cache: caches.default, db, origin, now: Date.now });
  } catch (error) {
    // D1 unreachable: the version this location last served, as its pages do.
    if (!(error instanceof VersionUnavailable) || error.lastKnown === null) return false;
    version = error.lastKnown;
  }
  let keys = keysByVersion.get(version);
  if (!keys) {
    keys = uploadKeys(visibleContent((await publishedVersionAt(db, version)).content));
    keysByVersion.clear();
    keysByVersion.set(version, keys);
  }
  return keys.has(key);
}
