import { visibleContent } from "../../../shared/content/visible";
import type { StudioContent } from "../../../shared/schemas/content";
import { liveContentVersion, publishedVersionAt } from "../content";

/**
 * The uploaded photos visitors may see: those the live version shows (a hidden piece's or an
 * archived design's photo stays private, like one never published). Kept per version for the
 * isolate's life: a version never changes once published.
 */
const keysByVersion = new Map<number, ReadonlySet<string>>();

function uploadKeys(content: StudioContent): Set<string> {
  const keys = new Set<string>();
  for (const item of [...content.portfolio, ...content.flash]) {
    if (item.image.source === "upload") keys.add(item.image.key);
  }
  return keys;
}

export async function isPublishedPhoto(db: D1Database, key: string): Promise<boolean> {
  const version = await liveContentVersion(db);
  if (version === null) return false;
  let keys = keysByVersion.get(version);
  if (!keys) {
    keys = uploadKeys(visibleContent((await publishedVersionAt(db, version)).content));
    keysByVersion.clear();
    keysByVersion.set(version, keys);
  }
  return keys.has(key);
}
