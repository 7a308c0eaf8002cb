import { and, desc, eq, getTableColumns, lt } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { ContentSectionName } from "../../../shared/schemas/content";
import { photos } from "../photos/tables";
import { contentAudit, contentDrafts } from "./tables";

/** drizzle over D1, with the binding itself for the statements drizzle cannot express. */
export type Db = DrizzleD1Database & { $client: D1Database };

export interface Actor {
  email: string;
}

type SaveResult =
  | { ok: true; revision: number; updatedAt: string; updatedBy: string }
  | { ok: false; reason: "conflict"; revision: number; updatedAt: string; updatedBy: string };

/**
 * Replaces one section's draft with a value that passed its schema, if the draft is still at
 * `revision` (0 for a section never saved). The check and the write are one statement, so of
 * two saves from the same revision exactly one lands; the other learns who saved and when.
 * The audit entry is written in the same transaction, only when the save changed the row
 * (`changes()` still counts the statement before it).
 */
export async function saveDraft(
  db: Db,
  section: ContentSectionName,
  data: unknown,
  revision: number,
  actor: Actor,
): Promise<SaveResult> {
  const d1 = db.$client;
  const updatedAt = new Date().toISOString();
  const [saved] = await d1.batch<{ revision: number }>([
    d1
      .prepare(
        `INSERT INTO content_drafts (section, data, updated_at, updated_by, revision)
         SELECT ?1, ?2, ?3, ?4, 1
         WHERE CAST(?5 AS INTEGER) = 0 OR EXISTS (SELECT 1 FROM content_drafts WHERE section = ?1)
         ON CONFLICT (section) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at,
           updated_by = excluded.updated_by, revision = content_drafts.revision + 1
         WHERE content_drafts.revision = CAST(?5 AS INTEGER)
         RETURNING revision`,
      )
      .bind(section, JSON.stringify(data), updatedAt, actor.email, revision),
    d1
      .prepare(
        `INSERT INTO content_audit (admin_email, action, section, revision, created_at)
         SELECT ?1, 'save', ?2, CAST(?3 AS INTEGER) + 1, ?4 WHERE changes() = 1`,
      )
      .bind(actor.email, section, revision, updatedAt),
  ]);
  const row = saved?.results[0];
  if (row) return { ok: true, revision: row.revision, updatedAt, updatedBy: actor.email };
  const current = await db
    .select({
      revision: contentDrafts.revision,
      updatedAt: contentDrafts.updatedAt,
      updatedBy: contentDrafts.updatedBy,
    })
    .from(contentDrafts)
    .where(eq(contentDrafts.section, section))
    .get();
  // No row and a revision other than 0: the editor holds a section that is gone; it must reload too.
  return { ok: false, reason: "conflict", ...(current ?? { revision: 0, updatedAt, updatedBy: "nobody" }) };
}

/**
 * The content's trail (saves, publishes, restores, uploads), newest first, paged by id. An
 * upload comes with the photo's file name while the photo exists (null once the clean-up has
 * removed it because nothing used it).
 */
export async function listContentAudit(db: Db, options: { before?: number | undefined; limit: number }) {
  const rows = await db
    .select({ ...getTableColumns(contentAudit), photoName: photos.name })
    .from(contentAudit)
    .leftJoin(photos, and(eq(contentAudit.action, "upload"), eq(photos.key, contentAudit.section)))
    .where(options.before ? lt(contentAudit.id, options.before) : undefined)
    .orderBy(desc(contentAudit.id))
    .limit(options.limit + 1);
  const items = rows.slice(0, options.limit);
  return { items, nextBefore: rows.length > options.limit ? (items.at(-1)?.id ?? null) : null };
}
