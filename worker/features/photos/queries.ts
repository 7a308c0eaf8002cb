import { and, count, eq, gte, lt, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { presentValues } from "../../platform/db/present-values";
import { contentAudit, contentDrafts, contentVersions, photos } from "../../platform/db/schema";

type Db = DrizzleD1Database;

export type NewPhoto = typeof photos.$inferInsert;

/**
 * Records a stored photo and, in the same batch, its entry in the content's trail (who uploaded
 * it, when, and its key), so the trail never names a photo that was not recorded or misses one.
 */
export async function insertPhoto(db: Db, photo: NewPhoto) {
  const createdAt = photo.createdAt ?? new Date().toISOString();
  await db.batch([
    db.insert(photos).values({ ...photo, createdAt }),
    db
      .insert(contentAudit)
      .values({ adminEmail: photo.createdBy, action: "upload", section: photo.key, createdAt }),
  ]);
}

/** How many photos were uploaded since `sinceIso`: the brake on a script filling the bucket. */
export async function countPhotosSince(db: Db, sinceIso: string): Promise<number> {
  const row = await db.select({ n: count() }).from(photos).where(gte(photos.createdAt, sinceIso)).get();
  return row?.n ?? 0;
}

/**
 * Photos uploaded before `beforeIso` that neither a draft nor any published version mentions
 * (every version, so that restoring an old one never finds its photos gone), oldest first.
 * A key is a random id in quotes in the JSON, so a text search cannot match another photo.
 */
export function unusedPhotosBefore(db: Db, beforeIso: string, limit: number) {
  const quoted = sql`'"' || ${photos.key} || '"'`;
  return db
    .select({ key: photos.key })
    .from(photos)
    .where(
      and(
        lt(photos.createdAt, beforeIso),
        sql`NOT EXISTS (SELECT 1 FROM ${contentDrafts} WHERE instr(${contentDrafts.data}, ${quoted}) > 0)`,
        sql`NOT EXISTS (SELECT 1 FROM ${contentVersions} WHERE instr(${contentVersions.snapshot}, ${quoted}) > 0)`,
      ),
    )
    .orderBy(photos.createdAt)
    .limit(limit)
    .all();
}

export async function deletePhotoRow(db: Db, key: string) {
  await db.delete(photos).where(eq(photos.key, key));
}

/** Which of `keys` have a row (the sweep deletes objects whose upload never finished). */
export const existingPhotoKeys = (db: Db, keys: readonly string[]) => presentValues(db, photos.key, keys);
