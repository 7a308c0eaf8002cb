import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { drizzle } from "drizzle-orm/d1";
import { failedWith } from "../../platform/db/constraint-errors";
import { presentValues } from "../../platform/db/present-values";
import { countAccepted, type QuotaWindow } from "../../platform/db/rate-limit-queries";
import { referenceImages } from "../../platform/db/schema";

type Db = DrizzleD1Database;

export type NewReferenceImage = typeof referenceImages.$inferInsert;

/** The row of a stored upload and the visitor's count of uploads, in one batch: a full window saves neither. */
export async function recordReferenceImage(d1: D1Database, image: NewReferenceImage, quota: QuotaWindow) {
  const db = drizzle(d1);
  await db.batch([db.insert(referenceImages).values(image), countAccepted(d1, quota)]);
}

/** The rows of `ids`, for the check before a request claims them. */
export function referenceImagesByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: referenceImages.id,
      tokenHash: referenceImages.tokenHash,
      submissionId: referenceImages.submissionId,
      attachedAt: referenceImages.attachedAt,
    })
    .from(referenceImages)
    .where(inArray(referenceImages.id, [...ids]))
    .all();
}

/** What a request's batch needs to claim its images: each id with its token's hash. */
export interface ReferenceClaim {
  id: string;
  tokenHash: string;
}

/**
 * The statements that attach `claims` to the request `submissionId`, for the batch that saves
 * it. Each claims an image only if the token matches and no request ever had it; the request's
 * own row then checks that every claim took (see attachedGuard), so a claim lost to another
 * request rolls the whole batch back.
 */
export function attachStatements(
  d1: D1Database,
  submissionId: string,
  claims: readonly ReferenceClaim[],
  now: string,
) {
  const db = drizzle(d1);
  return claims.map((claim) =>
    db
      .update(referenceImages)
      .set({ submissionId, attachedAt: now })
      .where(
        and(
          eq(referenceImages.id, claim.id),
          eq(referenceImages.tokenHash, claim.tokenHash),
          isNull(referenceImages.submissionId),
          isNull(referenceImages.attachedAt),
        ),
      ),
  );
}

/**
 * The request's name, written only if exactly `expected` images are now attached to it: if
 * not, the value is NULL, the NOT NULL column refuses it and D1 rolls the batch back (the rate
 * limit's own trick, worker/platform/db/rate-limit-queries.ts).
 */
export function attachedGuard(submissionId: string, expected: number, name: string) {
  return sql`CASE WHEN (SELECT count(*) FROM ${referenceImages} WHERE ${referenceImages.submissionId} = ${submissionId}) = ${expected} THEN ${name} END`;
}

/** The failure attachedGuard causes (SQLite: "NOT NULL constraint failed: consultation_requests.name"). */
export const isClaimLost = (error: unknown) =>
  failedWith(error, /NOT NULL constraint failed: consultation_requests\.name/i);

/** The images attached to each of `submissionIds`, oldest first, for the inbox cards. */
export async function referenceImagesOf(db: Db, submissionIds: readonly string[]) {
  const byRequest = new Map<string, { id: string; width: number; height: number }[]>();
  if (submissionIds.length === 0) return byRequest;
  const rows = await db
    .select({
      id: referenceImages.id,
      submissionId: referenceImages.submissionId,
      width: referenceImages.width,
      height: referenceImages.height,
    })
    .from(referenceImages)
    // The images of the conversation's messages are shown with their messages, not here.
    .where(and(inArray(referenceImages.submissionId, [...submissionIds]), isNull(referenceImages.messageId)))
    .orderBy(asc(referenceImages.attachedAt), asc(referenceImages.createdAt))
    .all();
  for (const { submissionId, ...image } of rows) {
    if (!submissionId) continue;
    byRequest.set(submissionId, [...(byRequest.get(submissionId) ?? []), image]);
  }
  return byRequest;
}

/** Whether `id` is an image some request carries (only those are shown to the artist). */
export async function isAttachedReferenceImage(db: Db, id: string): Promise<boolean> {
  const row = await db
    .select({ id: referenceImages.id })
    .from(referenceImages)
    .where(and(eq(referenceImages.id, id), isNotNull(referenceImages.submissionId)))
    .get();
  return row !== undefined;
}

/**
 * Images to delete: uploads no request claimed before `unattachedBeforeIso`, and images whose
 * request is gone (deleted by retention or by hand; the foreign key then cleared their request
 * but not when they were attached). At most `limit`.
 */
export function deletableReferenceImages(db: Db, unattachedBeforeIso: string, limit: number) {
  return db
    .select({ id: referenceImages.id })
    .from(referenceImages)
    .where(
      and(
        isNull(referenceImages.submissionId),
        or(isNotNull(referenceImages.attachedAt), lt(referenceImages.createdAt, unattachedBeforeIso)),
      ),
    )
    .limit(limit)
    .all();
}

export async function deleteReferenceImageRows(db: Db, ids: readonly string[]) {
  if (ids.length) await db.delete(referenceImages).where(inArray(referenceImages.id, [...ids]));
}

/** Which of `ids` have a row (the sweep deletes objects whose upload never finished). */
export const existingReferenceImageIds = (db: Db, ids: readonly string[]) =>
  presentValues(db, referenceImages.id, ids);

/** The images of a request's conversation, by message. */
export async function messageImagesOf(db: Db, submissionId: string) {
  const rows = await db
    .select({
      id: referenceImages.id,
      messageId: referenceImages.messageId,
      width: referenceImages.width,
      height: referenceImages.height,
    })
    .from(referenceImages)
    .where(and(eq(referenceImages.submissionId, submissionId), isNotNull(referenceImages.messageId)))
    .orderBy(asc(referenceImages.createdAt))
    .all();
  const byMessage = new Map<string, { id: string; width: number; height: number }[]>();
  for (const { messageId, ...image } of rows) {
    if (messageId) byMessage.set(messageId, [...(byMessage.get(messageId) ?? []), image]);
  }
  return byMessage;
}

/** Whether `id` is an image of a message on the request `submissionId` (what its client may open). */
export async function isMessageImageOf(db: Db, id: string, submissionId: string): Promise<boolean> {
  const row = await db
    .select({ id: referenceImages.id })
    .from(referenceImages)
    .where(
      and(
        eq(referenceImages.id, id),
        eq(referenceImages.submissionId, submissionId),
        isNotNull(referenceImages.messageId),
      ),
    )
    .get();
  return row !== undefined;
}

/** Whether `id` is an image of this request: sent with it, or with a message of its conversation. */
export async function isRequestImageOf(db: Db, id: string, submissionId: string): Promise<boolean> {
  const row = await db
    .select({ id: referenceImages.id })
    .from(referenceImages)
    .where(and(eq(referenceImages.id, id), eq(referenceImages.submissionId, submissionId)))
    .get();
  return row !== undefined;
}

/** The statement that gives a just-stored upload to its message (for the batch saving the message). */
export function attachToMessage(
  d1: D1Database,
  id: string,
  submissionId: string,
  messageId: string,
  now: string,
) {
  return drizzle(d1)
    .update(referenceImages)
    .set({ submissionId, messageId, attachedAt: now })
    .where(and(eq(referenceImages.id, id), isNull(referenceImages.submissionId)));
}
