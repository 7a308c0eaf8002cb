import { desc, eq, sql } from "drizzle-orm";
import {
  type ContentSectionName,
  contentSectionNames,
  publishableContentSchema,
  type StudioContent,
  studioContentSchema,
} from "../../../shared/schemas/content";
import { unknownPhotoIssues } from "../photos/known-queries";
import { queueWaitlistOnReopen } from "../waitlist/queries";
import type { Actor, Db } from "./draft-queries";
import { contentDrafts, contentVersions } from "./tables";

/** Every draft section as saved (JSON parsed, not re-validated) and the live version, in one round trip. */
export async function readDrafts(db: Db) {
  const [rows, live] = await db.batch([db.select().from(contentDrafts), liveVersion(db)]);
  const sections: Record<string, { data: unknown; revision: number; updatedAt: string; updatedBy: string }> =
    {};
  for (const row of rows) {
    if (!contentSectionNames.includes(row.section as ContentSectionName)) continue;
    sections[row.section] = {
      data: JSON.parse(row.data),
      revision: row.revision,
      updatedAt: row.updatedAt,
      updatedBy: row.updatedBy,
    };
  }
  return {
    version: live[0]?.version ?? 0,
    publishedAt: live[0]?.publishedAt ?? null,
    sections,
    unpublished: unpublishedSections(rows, live[0]?.snapshot),
  };
}

const liveVersion = (db: Db) =>
  db
    .select({
      version: contentVersions.version,
      publishedAt: contentVersions.publishedAt,
      snapshot: contentVersions.snapshot,
    })
    .from(contentVersions)
    .orderBy(desc(contentVersions.version))
    .limit(1);

/** The sections whose draft differs from the live version's (a section without a draft does). */
function unpublishedSections(rows: { section: string; data: string }[], snapshot: string | undefined) {
  const published = snapshot ? (JSON.parse(snapshot) as Record<string, unknown>) : {};
  const drafts = new Map(rows.map((row) => [row.section, row.data]));
  // Both sides were written by JSON.stringify of schema output, so equal content is equal text.
  return contentSectionNames.filter((section) => {
    const draft = drafts.get(section);
    return draft === undefined ? section in published : draft !== JSON.stringify(published[section]);
  });
}

type PublishResult =
  | { ok: true; version: number; publishedAt: string }
  | { ok: false; reason: "conflict"; version: number }
  | { ok: false; reason: "unchanged"; version: number }
  | { ok: false; reason: "too_large"; bytes: number }
  | { ok: false; reason: "invalid"; issues: StudioContentIssues };
type StudioContentIssues = NonNullable<ReturnType<typeof studioContentSchema.safeParse>["error"]>["issues"];

/**
 * The insert of version base+1 that happens only while `base` is still the live version: two
 * editors who both saw version 4 cannot both publish version 5 (D1 runs one statement at a
 * time, and the version is the primary key besides). Numbers are bound as CAST(? AS INTEGER)
 * because D1 binds JavaScript numbers as REAL.
 */
function insertVersion(
  d1: D1Database,
  v: {
    base: number;
    snapshot: string;
    publishedAt: string;
    by: string;
    note: string | null;
    from: number | null;
  },
) {
  return d1
    .prepare(
      `INSERT INTO content_versions (version, snapshot, published_at, published_by, note, restored_from)
       SELECT CAST(?1 AS INTEGER) + 1, ?2, ?3, ?4, ?5, CAST(?6 AS INTEGER)
       WHERE (SELECT coalesce(max(version), 0) FROM content_versions) = CAST(?1 AS INTEGER)`,
    )
    .bind(v.base, v.snapshot, v.publishedAt, v.by, v.note, v.from);
}

/**
 * A version is one row, and D1 stores at most 1 MB in a row. The schemas' limits allow more
 * than that in theory (hundreds of pieces with the longest descriptions), so publishing checks
 * the size itself and says so, rather than failing inside D1. Today's content is about 42 KB.
 */
const maxSnapshotBytes = 950_000;

const changes = (result: D1Result | undefined) => result?.meta.changes ?? 0;

async function currentVersion(db: Db) {
  const [row] = await db.all<{ v: number }>(sql`SELECT coalesce(max(version), 0) AS v FROM content_versions`);
  return row?.v ?? 0;
}

/**
 * Publishes the drafts as version base+1, if every section passes the content schema, nobody
 * has published since `base`, and something differs from what is live (an identical version
 * would only lengthen the history). The audit entry is written with the version, only if the
 * version was (`changes()` counts the statement before it).
 */
export async function publishDrafts(
  db: Db,
  base: number,
  actor: Actor,
  note?: string,
): Promise<PublishResult> {
  const [rows, live] = await db.batch([db.select().from(contentDrafts), liveVersion(db)]);
  const liveNumber = live[0]?.version ?? 0;
  if (liveNumber !== base) return { ok: false, reason: "conflict", version: liveNumber };
  if (live[0] && unpublishedSections(rows, live[0].snapshot).length === 0)
    return { ok: false, reason: "unchanged", version: liveNumber };
  const drafts = Object.fromEntries(rows.map((row) => [row.section, JSON.parse(row.data)]));
  const parsed = publishableContentSchema.safeParse(drafts);
  if (!parsed.success) return { ok: false, reason: "invalid", issues: parsed.error.issues };
  const unknownPhotos = await unknownPhotoIssues(db.$client, parsed.data);
  if (unknownPhotos.length) return { ok: false, reason: "invalid", issues: unknownPhotos };
  const publishedAt = new Date().toISOString();
  const snapshot = JSON.stringify(parsed.data);
  const bytes = new TextEncoder().encode(snapshot).length;
  if (bytes > maxSnapshotBytes) return { ok: false, reason: "too_large", bytes };
  const d1 = db.$client;
  const [result] = await d1.batch([
    insertVersion(d1, { base, snapshot, publishedAt, by: actor.email, note: note ?? null, from: null }),
    auditVersion(d1, { action: "publish", base, by: actor.email, at: publishedAt, from: null }),
    ...queueWaitlistOnReopen(d1, { base, at: publishedAt }),
  ]);
  if (changes(result) === 0) return { ok: false, reason: "conflict", version: await currentVersion(db) };
  return { ok: true, version: base + 1, publishedAt };
}

/** The audit entry of a publish or restore, written only if the insert just before it was. */
function auditVersion(
  d1: D1Database,
  v: { action: "publish" | "restore"; base: number; by: string; at: string; from: number | null },
) {
  return d1
    .prepare(
      `INSERT INTO content_audit (admin_email, action, version, restored_from, created_at)
       SELECT ?1, ?2, CAST(?3 AS INTEGER) + 1, CAST(?4 AS INTEGER), ?5 WHERE changes() = 1`,
    )
    .bind(v.by, v.action, v.base, v.from, v.at);
}

type RestoreResult = PublishResult | { ok: false; reason: "missing" };

/**
 * Publishes an older version's content again as version base+1 and makes it the drafts too, so
 * the next publish starts from what is live rather than bringing back what was undone. The
 * drafts change only if that very version was inserted (same batch; it is the one with this
 * restore's time), and their revisions move on, so a tab still holding the old drafts cannot
 * save over the restored ones.
 */
export async function restoreVersion(
  db: Db,
  from: number,
  base: number,
  actor: Actor,
  note?: string,
): Promise<RestoreResult> {
  const old = await db
    .select({ snapshot: contentVersions.snapshot })
    .from(contentVersions)
    .where(eq(contentVersions.version, from))
    .get();
  if (!old) return { ok: false, reason: "missing" };
  // An old version is published again only if today's schema still accepts it.
  const parsed = studioContentSchema.safeParse(JSON.parse(old.snapshot));
  if (!parsed.success) return { ok: false, reason: "invalid", issues: parsed.error.issues };
  const publishedAt = new Date().toISOString();
  const content: StudioContent = parsed.data;
  const d1 = db.$client;
  const [result] = await d1.batch([
    insertVersion(d1, {
      base,
      snapshot: JSON.stringify(content),
      publishedAt,
      by: actor.email,
      note: note ?? `Restored version ${from}`,
      from,
    }),
    auditVersion(d1, { action: "restore", base, by: actor.email, at: publishedAt, from }),
    ...queueWaitlistOnReopen(d1, { base, at: publishedAt }),
    ...contentSectionNames.map((section) =>
      d1
        .prepare(
          `INSERT INTO content_drafts (section, data, updated_at, updated_by, revision)
           SELECT ?1, ?2, ?3, ?4, 1 WHERE EXISTS (SELECT 1 FROM content_versions
             WHERE version = CAST(?5 AS INTEGER) + 1 AND restored_from = CAST(?6 AS INTEGER)
               AND published_at = ?3 AND published_by = ?4)
           ON CONFLICT (section) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at,
             updated_by = excluded.updated_by, revision = content_drafts.revision + 1`,
        )
        .bind(section, JSON.stringify(content[section]), publishedAt, actor.email, base, from),
    ),
  ]);
  if (changes(result) === 0) return { ok: false, reason: "conflict", version: await currentVersion(db) };
  return { ok: true, version: base + 1, publishedAt };
}

const versionSummary = {
  version: contentVersions.version,
  publishedAt: contentVersions.publishedAt,
  publishedBy: contentVersions.publishedBy,
  note: contentVersions.note,
  restoredFrom: contentVersions.restoredFrom,
};

/** The publishing history, newest first, without the content itself. */
export async function listVersions(db: Db, options: { before?: number | undefined; limit: number }) {
  const rows = await db
    .select(versionSummary)
    .from(contentVersions)
    .where(options.before ? sql`${contentVersions.version} < CAST(${options.before} AS INTEGER)` : undefined)
    .orderBy(desc(contentVersions.version))
    .limit(options.limit + 1);
  const items = rows.slice(0, options.limit);
  return { items, nextBefore: rows.length > options.limit ? (items.at(-1)?.version ?? null) : null };
}

/** One version with its content, or undefined. */
export async function readVersion(db: Db, version: number) {
  const row = await db
    .select({ ...versionSummary, snapshot: contentVersions.snapshot })
    .from(contentVersions)
    .where(eq(contentVersions.version, version))
    .get();
  if (!row) return undefined;
  const { snapshot, ...summary } = row;
  return { ...summary, content: JSON.parse(snapshot) as unknown };
}

/** The content of the versions from `first` to `last`, as the JSON they were published as. */
export async function versionSnapshots(db: Db, first: number, last: number): Promise<Map<number, unknown>> {
  const rows = await db
    .select({ version: contentVersions.version, snapshot: contentVersions.snapshot })
    .from(contentVersions)
    .where(sql`${contentVersions.version} BETWEEN CAST(${first} AS INTEGER) AND CAST(${last} AS INTEGER)`);
  return new Map(rows.map((row) => [row.version, JSON.parse(row.snapshot) as unknown]));
}
