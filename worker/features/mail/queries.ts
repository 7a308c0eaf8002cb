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
 * The e-mails whose subject is gone from its own table, for each kind whose subject is not a
 * consultation request (a request's e-mails go with it by their foreign key): a submission of
 * another kind, a waitlist entry, a security event, a day's digest, a revoked link past its
 * keeping. Names are constants of this file and of the submission descriptors, never input.
 */
const goneSubjects = [
  ...submissionKinds.map(
    (kind) =>
      `(o.kind = 'notification' AND o.topic = '${kind.name}' AND NOT EXISTS (SELECT 1 FROM ${kind.table} s WHERE s.id = o.subject_id))`,
  ),
  "(o.kind = 'waitlist' AND NOT EXISTS (SELECT 1 FROM waitlist_entries s WHERE s.id = o.subject_id))",
  "(o.kind = 'security' AND NOT EXISTS (SELECT 1 FROM security_events s WHERE s.id = CAST(o.subject_id AS INTEGER)))",
  "(o.kind = 'reply-digest' AND NOT EXISTS (SELECT 1 FROM reply_digests s WHERE s.day = o.subject_id))",
  "(o.kind = 'status-link' AND NOT EXISTS (SELECT 1 FROM request_status_links s WHERE s.id = o.subject_id))",
  "(o.kind = 'slot-offer' AND NOT EXISTS (SELECT 1 FROM slot_offers s WHERE s.id = o.subject_id))",
];

const orphanedMailSql = `DELETE FROM mail_queue WHERE rowid IN (
  SELECT o.rowid FROM mail_queue o
  WHERE ${goneSubjects.join("\n     OR ")}
  LIMIT ?)`;

/** Deletes at most `limit` e-mails whose subject is gone; returns how many went. */
export async function deleteOrphanedMail(d1: D1Database, limit: number): Promise<number> {
  const outcome = await d1.prepare(orphanedMailSql).bind(limit).run();
  return outcome.meta.changes ?? 0;
}
