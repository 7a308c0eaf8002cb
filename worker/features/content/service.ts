import type { AnnouncementWindow } from "../../../shared/announcement";
import { type StudioContent, studioContentSchema } from "../../../shared/schemas/content";
import { studio } from "../../../shared/studio";
import { describeChanges } from "./changes";
import type { Db } from "./draft-queries";
import { listVersions, versionSnapshots } from "./queries";

export interface PublishedContent {
  version: number;
  publishedAt: string;
  content: StudioContent;
}

/**
 * What the public pages show: the latest published version, parsed by the content schema. One
 * small query for the live version's number and publish time; the content itself (one row of
 * some 40 KB) is read and parsed once per isolate per version, as publishedVersionAt keeps it.
 * Null before anything is published.
 */
export async function latestPublishedContent(db: D1Database): Promise<PublishedContent | null> {
  const live = await db
    .prepare("SELECT version, published_at FROM content_versions ORDER BY version DESC LIMIT 1")
    .first<{ version: number; published_at: string }>();
  if (!live) return null;
  const known = parsedVersions.get(live.version);
  // A published version is never rewritten; another publish time under the same number means the
  // database itself was replaced (a restore, or a test's fresh storage), so read it again.
  const published = known?.publishedAt === live.published_at ? known : await readVersion(db, live.version);
  return { version: live.version, ...published };
}

/**
 * The live version's number alone (one integer, one query): what a location checks every few
 * seconds to know which cached pages are current. Null before anything is published.
 */
export async function liveContentVersion(db: D1Database): Promise<number | null> {
  const row = await db.prepare("SELECT max(version) AS version FROM content_versions").first<{
    version: number | null;
  }>();
  return row?.version ?? null;
}

/** The live version and, when it has an announcement, the announcement's dates. */
export interface LiveVersion {
  version: number;
  announcement: AnnouncementWindow | null;
}

/**
 * The live version's number and its announcement's dates, in one query: a page shows the
 * announcement only between them, so which copy of a page is current depends on the day too
 * (worker/features/site-pages/pipeline.ts). Null before anything is published.
 */
export async function liveVersionWithAnnouncement(db: D1Database): Promise<LiveVersion | null> {
  const row = await db
    .prepare(
      `SELECT version, json_type(snapshot, '$.announcement') AS kind,
         json_extract(snapshot, '$.announcement.startsOn') AS startsOn,
         json_extract(snapshot, '$.announcement.endsOn') AS endsOn,
         json_extract(snapshot, '$.studio.timeZone') AS timeZone
       FROM content_versions ORDER BY version DESC LIMIT 1`,
    )
    .first<{
      version: number;
      kind: string | null;
      startsOn: string | null;
      endsOn: string | null;
      timeZone: string | null;
    }>();
  if (!row) return null;
  const announcement =
    row.kind === "object"
      ? { startsOn: row.startsOn, endsOn: row.endsOn, timeZone: row.timeZone ?? studio.timeZone }
      : null;
  return { version: row.version, announcement };
}

/**
 * One published version's content and publish time: the one reader of published content, for
 * its pages, the sitemap, the page-data files, the photos it shows and every service that reads
 * the live content. One query the first time an isolate needs a version, none after (versions
 * never change once published, and the parsed object is kept for the isolate's life, a few
 * versions at most). Callers share the object, which is frozen for that.
 */
const parsedVersions = new Map<number, Omit<PublishedContent, "version">>();
const keptVersions = 4;

export async function publishedVersionAt(
  db: D1Database,
  version: number,
): Promise<Omit<PublishedContent, "version">> {
  return parsedVersions.get(version) ?? (await readVersion(db, version));
}

async function readVersion(db: D1Database, version: number): Promise<Omit<PublishedContent, "version">> {
  const row = await db
    .prepare("SELECT snapshot, published_at FROM content_versions WHERE version = ?")
    .bind(version)
    .first<{ snapshot: string; published_at: string }>();
  if (!row) throw new Error(`content version ${version} is not published`);
  const content = deepFreeze(studioContentSchema.parse(JSON.parse(row.snapshot)));
  const published = { content, publishedAt: row.published_at };
  parsedVersions.delete(version);
  parsedVersions.set(version, published);
  for (const old of parsedVersions.keys()) {
    if (parsedVersions.size <= keptVersions) break;
    parsedVersions.delete(old);
  }
  return published;
}

/** Frozen all the way down: a caller that writes to the shared content fails loudly, not silently for the next. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The Studio's drafts as another feature adds to them (a healed photo becomes a hidden piece). */
/** The Studio's versions and audit, as its routes read and change them. */
export { listContentAudit, saveDraft } from "./draft-queries";
export { publishDrafts, readDrafts, readVersion, restoreVersion } from "./queries";

/**
 * One page of the publishing history, newest first, each version with what changed from the
 * version before it, in words (describeChanges); null for the first version, which changed
 * nothing. One more query than the list: the page's snapshots and the one before the oldest.
 * The cost is in parsing and comparing them: some 0.15 ms to parse a snapshot of today's size
 * and 0.1 to 0.35 ms to compare two (Node 22, best of 30 on a loaded 2-core machine), so the
 * Studio asks for ten versions a page.
 */
export async function versionHistory(db: Db, options: { before?: number | undefined; limit: number }) {
  const page = await listVersions(db, options);
  const newest = page.items[0]?.version;
  const oldest = page.items.at(-1)?.version;
  if (newest === undefined || oldest === undefined) return { ...page, items: [] };
  const snapshots = await versionSnapshots(db, Math.max(1, oldest - 1), newest);
  const items = page.items.map((item) => {
    const before = snapshots.get(item.version - 1);
    const changes = before === undefined ? null : describeChanges(before, snapshots.get(item.version));
    return { ...item, changes };
  });
  return { ...page, items };
}
