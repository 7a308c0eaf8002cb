import { and, asc, eq, isNull, lte, or, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { countAccepted, isQuotaExhausted, type QuotaWindow } from "../../platform/db/rate-limit-queries";
import { type WaitlistEntry, waitlistEntries } from "./tables";

/** Whether the live version's books are closed, over the published snapshot (1 or 0). */
const liveBooksClosed = `(SELECT json_extract(snapshot, '$.booking.booksOpen') = 0
  FROM content_versions ORDER BY version DESC LIMIT 1)`;

export type SaveWaitlistResult = { saved: true } | { saved: false; reason: "open" | "rate_limited" };

const changes = (result: unknown) => (result as { meta?: { changes?: number } }).meta?.changes ?? 0;

/**
 * Puts a person on the waitlist, or updates their entry (one per address): a new name and
 * styles, and waiting again if an earlier reopening already told them. Written only while the
 * live version has the books closed, checked in the same statement, so a sign-up racing a
 * reopening is refused rather than left waiting through an open season. Counted in the
 * visitor's form window in the same batch (a full window rolls the entry back).
 */
export async function saveWaitlistEntry(
  d1: D1Database,
  entry: { id: string; name: string; email: string; styles: string[]; now: string },
  quota: QuotaWindow,
): Promise<SaveWaitlistResult> {
  const upsert = d1
    .prepare(
      `INSERT INTO waitlist_entries (id, name, email, styles, created_at, updated_at, mail_attempts)
       SELECT ?1, ?2, ?3, ?4, ?5, ?5, 0 WHERE ${liveBooksClosed}
       ON CONFLICT (email) DO UPDATE SET name = excluded.name, styles = excluded.styles,
         updated_at = excluded.updated_at, notified_at = NULL, mail_status = NULL, mail_attempts = 0,
         next_attempt_at = NULL, lease_until = NULL, last_error = NULL, sent_at = NULL,
         unsubscribe_hash = NULL`,
    )
    .bind(entry.id, entry.name, entry.email, JSON.stringify(entry.styles), entry.now);
  // The window's count, as the statement the submissions' batch runs.
  const counted = countAccepted(d1, quota).toSQL();
  try {
    const [written] = await d1.batch([upsert, d1.prepare(counted.sql).bind(...counted.params)]);
    if (changes(written) === 0) return { saved: false, reason: "open" };
  } catch (error) {
    if (isQuotaExhausted(error)) return { saved: false, reason: "rate_limited" };
    throw error;
  }
  return { saved: true };
}

/**
 * The statement, for the batch that publishes version base+1 at `at`, that queues the e-mail of
 * everyone waiting if that version reopens the books (version `base` had them closed and the one
 * this very batch inserted has them open). Part of the publish's own batch, so a reopening can
 * never be published without its e-mails queued, and each waiting person is marked once: a
 * later reopening finds them notified. Those who sign up after it wait for the next one.
 */
export function queueWaitlistOnReopen(d1: D1Database, v: { base: number; at: string }) {
  return d1
    .prepare(
      `UPDATE waitlist_entries SET notified_at = ?2, mail_status = 'pending', mail_attempts = 0,
         next_attempt_at = ?2, lease_until = NULL, last_error = NULL
       WHERE notified_at IS NULL
         AND EXISTS (SELECT 1 FROM content_versions WHERE version = CAST(?1 AS INTEGER) + 1
           AND published_at = ?2 AND json_extract(snapshot, '$.booking.booksOpen') = 1)
         AND EXISTS (SELECT 1 FROM content_versions WHERE version = CAST(?1 AS INTEGER)
           AND json_extract(snapshot, '$.booking.booksOpen') = 0)`,
    )
    .bind(v.base, v.at);
}

const due = (now: string) => {
  const t = waitlistEntries;
  return or(
    and(eq(t.mailStatus, "pending"), lte(t.nextAttemptAt, now)),
    and(eq(t.mailStatus, "sending"), lte(t.leaseUntil, now)),
  );
};

/** Entries whose reopening e-mail should be tried now, oldest first. */
export async function dueWaitlistMail(d1: D1Database, now: string, limit: number): Promise<string[]> {
  const rows = await drizzle(d1)
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(due(now))
    .orderBy(asc(waitlistEntries.nextAttemptAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Claims one entry's e-mail for one attempt (one UPDATE, so the after-publish delivery and the
 * cron never send it twice at once) and stores the hash of the unsubscribe token this attempt's
 * e-mail carries: only the newest e-mail's link works.
 */
export async function claimWaitlistMail(
  d1: D1Database,
  id: string,
  claim: { now: string; leaseUntil: string; unsubscribeHash: string },
): Promise<WaitlistEntry | undefined> {
  const t = waitlistEntries;
  const [row] = await drizzle(d1)
    .update(t)
    .set({
      mailStatus: "sending",
      mailAttempts: sql`${t.mailAttempts} + 1`,
      leaseUntil: claim.leaseUntil,
      unsubscribeHash: claim.unsubscribeHash,
    })
    .where(and(eq(t.id, id), due(claim.now)))
    .returning();
  return row;
}

/** Records one attempt's outcome: sent, failed for good, or pending again until `nextAttemptAt`. */
export async function settleWaitlistMail(
  d1: D1Database,
  id: string,
  outcome:
    | { status: "sent"; now: string }
    | { status: "failed"; error: string }
    | { status: "pending"; error: string; nextAttemptAt: string },
): Promise<void> {
  await drizzle(d1)
    .update(waitlistEntries)
    .set(
      outcome.status === "sent"
        ? { mailStatus: "sent", sentAt: outcome.now, leaseUntil: null, lastError: null }
        : {
            mailStatus: outcome.status,
            leaseUntil: null,
            lastError: outcome.error.slice(0, 500),
            ...(outcome.status === "pending" ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
          },
    )
    .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.mailStatus, "sending")));
}

/** Removes the entry whose unsubscribe token hashes to `hash`; whether one was there. */
export async function deleteByUnsubscribeHash(d1: D1Database, hash: string): Promise<boolean> {
  const rows = await drizzle(d1)
    .delete(waitlistEntries)
    .where(eq(waitlistEntries.unsubscribeHash, hash))
    .returning({ id: waitlistEntries.id });
  return rows.length > 0;
}

/** The people still waiting (not yet told of a reopening), first come first. */
export async function waitingEntries(d1: D1Database) {
  const rows = await drizzle(d1)
    .select({
      name: waitlistEntries.name,
      email: waitlistEntries.email,
      styles: waitlistEntries.styles,
      createdAt: waitlistEntries.createdAt,
    })
    .from(waitlistEntries)
    .where(isNull(waitlistEntries.notifiedAt))
    .orderBy(asc(waitlistEntries.createdAt));
  return rows.map((row) => ({ ...row, styles: parseStyles(row.styles) }));
}

function parseStyles(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((style): style is string => typeof style === "string") : [];
  } catch {
    return [];
  }
}
