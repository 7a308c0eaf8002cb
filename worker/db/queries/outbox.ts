import { and, asc, eq, inArray, lte, or, sql } from "drizzle-orm";
import { type DrizzleD1Database, drizzle } from "drizzle-orm/d1";
import { type SubmissionKindName, submissionKinds } from "../../../shared/submission-kinds";
import { type NotificationOutbox, notificationOutbox } from "../schema";
import { boundChunks } from "./d1-limits";

/**
 * Claims one notification for delivery: only a row that is due (pending or waiting to retry)
 * or whose previous claim lapsed can be claimed, and the claim is one UPDATE, so the
 * after-response delivery and the cron never send the same message twice at once.
 */
export async function claimNotification(
  d1: D1Database,
  id: string,
  now: string,
  leaseUntil: string,
): Promise<NotificationOutbox | undefined> {
  const t = notificationOutbox;
  const [row] = await drizzle(d1)
    .update(t)
    .set({
      status: "sending",
      attempts: sql`${t.attempts} + 1`,
      leaseUntil,
      lastAttemptAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(t.id, id),
        or(
          and(inArray(t.status, ["pending", "retry"]), lte(t.nextAttemptAt, now)),
          and(eq(t.status, "sending"), lte(t.leaseUntil, now)),
        ),
      ),
    )
    .returning();
  return row;
}

export async function markSent(
  d1: D1Database,
  id: string,
  result: { provider: string; messageId: string | null; now: string },
): Promise<void> {
  await drizzle(d1)
    .update(notificationOutbox)
    .set({
      status: "sent",
      sentAt: result.now,
      provider: result.provider,
      providerMessageId: result.messageId,
      lastError: null,
      leaseUntil: null,
      updatedAt: result.now,
    })
    .where(eq(notificationOutbox.id, id));
}

export async function markFailedAttempt(
  d1: D1Database,
  id: string,
  result: { provider: string; error: string; now: string; nextAttemptAt: string | null },
): Promise<void> {
  await drizzle(d1)
    .update(notificationOutbox)
    .set({
      status: result.nextAttemptAt ? "retry" : "failed",
      nextAttemptAt: result.nextAttemptAt ?? result.now,
      provider: result.provider,
      lastError: result.error.slice(0, 500),
      leaseUntil: null,
      updatedAt: result.now,
    })
    .where(eq(notificationOutbox.id, id));
}

/** Ids of notifications the cron should try now, oldest first. */
export async function dueNotificationIds(d1: D1Database, now: string, limit: number): Promise<string[]> {
  const t = notificationOutbox;
  const rows = await drizzle(d1)
    .select({ id: t.id })
    .from(t)
    .where(
      or(
        and(inArray(t.status, ["pending", "retry"]), lte(t.nextAttemptAt, now)),
        and(eq(t.status, "sending"), lte(t.leaseUntil, now)),
      ),
    )
    .orderBy(asc(t.nextAttemptAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** A submission's delivery state, for the admin inbox and the tests. */
export async function notificationFor(
  d1: D1Database,
  kind: SubmissionKindName,
  submissionId: string,
): Promise<NotificationOutbox | undefined> {
  const [row] = await drizzle(d1)
    .select()
    .from(notificationOutbox)
    .where(
      and(eq(notificationOutbox.submissionKind, kind), eq(notificationOutbox.submissionId, submissionId)),
    )
    .limit(1);
  return row;
}

/** Delivery state of many submissions at once (the admin inbox list), keyed by submission id. */
export async function notificationsFor(
  d1: D1Database | DrizzleD1Database,
  kind: SubmissionKindName,
  submissionIds: readonly string[],
): Promise<Map<string, NotificationOutbox>> {
  const db = "select" in d1 ? d1 : drizzle(d1);
  const states = new Map<string, NotificationOutbox>();
  // One id a parameter, besides the kind.
  for (const chunk of boundChunks(submissionIds, 1, 1)) {
    const rows = await db
      .select()
      .from(notificationOutbox)
      .where(
        and(eq(notificationOutbox.submissionKind, kind), inArray(notificationOutbox.submissionId, chunk)),
      );
    for (const row of rows) states.set(row.submissionId, row);
  }
  return states;
}

/** Outbox rows whose submission no longer exists, for every kind (names are descriptor constants). */
const orphanedNotificationsSql = `DELETE FROM notification_outbox WHERE rowid IN (
  SELECT o.rowid FROM notification_outbox o
  WHERE ${submissionKinds
    .map(
      (kind) =>
        `(o.submission_kind = '${kind.name}' AND NOT EXISTS (SELECT 1 FROM ${kind.table} s WHERE s.id = o.submission_id))`,
    )
    .join("\n     OR ")}
  LIMIT ?)`;

/** Deletes at most `limit` notifications whose submission is gone; returns how many went. */
export async function deleteOrphanedNotifications(d1: D1Database, limit: number): Promise<number> {
  const outcome = await d1.prepare(orphanedNotificationsSql).bind(limit).run();
  return outcome.meta.changes ?? 0;
}
