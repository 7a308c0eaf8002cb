import { and, eq, inArray } from "drizzle-orm";
import { type DrizzleD1Database, drizzle } from "drizzle-orm/d1";
import { type SubmissionKindName, submissionKinds } from "../../../shared/submission-kinds";
import { boundChunks } from "../../platform/db/d1-limits";
import { mailQueue, type QueuedMail } from "../../platform/db/schema";

/** The artist's e-mails about submissions of one kind (see notificationMail). */
const ofKind = (kind: SubmissionKindName) =>
  and(eq(mailQueue.kind, "notification"), eq(mailQueue.topic, kind));

/** A submission's delivery state, for the admin inbox and the tests. */
export async function notificationFor(
  d1: D1Database,
  kind: SubmissionKindName,
  submissionId: string,
): Promise<QueuedMail | undefined> {
  const [row] = await drizzle(d1)
    .select()
    .from(mailQueue)
    .where(and(ofKind(kind), eq(mailQueue.subjectId, submissionId)))
    .limit(1);
  return row;
}

/** Delivery state of many submissions at once (the admin inbox list), keyed by submission id. */
export async function notificationsFor(
  d1: D1Database | DrizzleD1Database,
  kind: SubmissionKindName,
  submissionIds: readonly string[],
): Promise<Map<string, QueuedMail>> {
  const db = "select" in d1 ? d1 : drizzle(d1);
  const states = new Map<string, QueuedMail>();
  // One id a parameter, besides the two of the kind.
  for (const chunk of boundChunks(submissionIds, 1, 2)) {
    const rows = await db
      .select()
      .from(mailQueue)
      .where(and(ofKind(kind), inArray(mailQueue.subjectId, chunk)));
    for (const row of rows) states.set(row.subjectId, row);
  }
  return states;
}

/**
 * Notifications whose submission no longer exists, for every kind (names are descriptor
 * constants). A consultation's go with it by their foreign key; the other kinds' need this.
 */
const orphanedNotificationsSql = `DELETE FROM mail_queue WHERE rowid IN (
  SELECT o.rowid FROM mail_queue o
  WHERE o.kind = 'notification' AND (${submissionKinds
    .map(
      (kind) =>
        `(o.topic = '${kind.name}' AND NOT EXISTS (SELECT 1 FROM ${kind.table} s WHERE s.id = o.subject_id))`,
    )
    .join("\n     OR ")})
  LIMIT ?)`;

/** Deletes at most `limit` notifications whose submission is gone; returns how many went. */
export async function deleteOrphanedNotifications(d1: D1Database, limit: number): Promise<number> {
  const outcome = await d1.prepare(orphanedNotificationsSql).bind(limit).run();
  return outcome.meta.changes ?? 0;
}
