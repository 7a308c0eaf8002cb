import { asc, eq, isNull } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { deleteRows } from "../../platform/db/first-row";
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
      `INSERT INTO waitlist_entries (id, name, email, styles, created_at, updated_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?5 WHERE ${liveBooksClosed}
       ON CONFLICT (email) DO UPDATE SET name = excluded.name, styles = excluded.styles,
         updated_at = excluded.updated_at, notified_at = NULL, unsubscribe_hash = NULL`,
    )
    .bind(entry.id, entry.name, entry.email, JSON.stringify(entry.styles), entry.now);
  // Waiting again: an e-mail of an earlier reopening not yet sent is not sent any more (the next
  // reopening queues a new one). Under the same condition, so an open season's e-mail stays.
  const unqueue = d1
    .prepare(
      `DELETE FROM mail_queue WHERE kind = '${waitlistMailKind}' AND status IN ('pending', 'retry')
         AND subject_id IN (SELECT id FROM waitlist_entries WHERE email = ?1) AND ${liveBooksClosed}`,
    )
    .bind(entry.email);
  // The window's count, as the statement the submissions' batch runs.
  const counted = countAccepted(d1, quota).toSQL();
  try {
    const [written] = await d1.batch([upsert, unqueue, d1.prepare(counted.sql).bind(...counted.params)]);
    if (changes(written) === 0) return { saved: false, reason: "open" };
  } catch (error) {
    if (isQuotaExhausted(error)) return { saved: false, reason: "rate_limited" };
    throw error;
  }
  return { saved: true };
}

/** The mail queue's kind of the reopening e-mail: the entry its subject, the reopening's time its topic. */
export const waitlistMailKind = "waitlist";

/**
 * The statements, for the batch that publishes version base+1 at `at`, that queue the e-mail of
 * everyone waiting if that version reopens the books (version `base` had them closed and the one
 * this very batch inserted has them open). Part of the publish's own batch, so a reopening can
 * never be published without its e-mails queued, and each waiting person is marked once: a
 * later reopening finds them notified. Those who sign up after it wait for the next one.
 */
export function queueWaitlistOnReopen(d1: D1Database, v: { base: number; at: string }) {
  const mark = d1
    .prepare(
      `UPDATE waitlist_entries SET notified_at = ?2
       WHERE notified_at IS NULL
         AND EXISTS (SELECT 1 FROM content_versions WHERE version = CAST(?1 AS INTEGER) + 1
           AND published_at = ?2 AND json_extract(snapshot, '$.booking.booksOpen') = 1)
         AND EXISTS (SELECT 1 FROM content_versions WHERE version = CAST(?1 AS INTEGER)
           AND json_extract(snapshot, '$.booking.booksOpen') = 0)`,
    )
    .bind(v.base, v.at);
  // Those the statement above just marked, and only they, carry this reopening's time.
  const queue = d1
    .prepare(
      `INSERT INTO mail_queue (id, kind, subject_id, topic, next_attempt_at, created_at, updated_at)
       SELECT lower(hex(randomblob(16))), '${waitlistMailKind}', id, ?1, ?1, ?1, ?1
       FROM waitlist_entries WHERE notified_at = ?1
       ON CONFLICT DO NOTHING`,
    )
    .bind(v.at);
  return [mark, queue] as const;
}

/** The entry a reopening e-mail is for, if it is still on the list. */
export async function waitlistEntryById(d1: D1Database, id: string): Promise<WaitlistEntry | undefined> {
  const [row] = await drizzle(d1).select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).limit(1);
  return row;
}

/**
 * Stores the hash of the unsubscribe token the e-mail about to be sent carries (made for each
 * attempt: a stored hash cannot be turned back into a link), so only the newest e-mail's link works.
 */
export async function setUnsubscribeHash(d1: D1Database, id: string, hash: string): Promise<void> {
  await drizzle(d1).update(waitlistEntries).set({ unsubscribeHash: hash }).where(eq(waitlistEntries.id, id));
}

/** Removes the entry whose unsubscribe token hashes to `hash`; whether one was there. */
export function deleteByUnsubscribeHash(d1: D1Database, hash: string): Promise<boolean> {
  return deleteRows(d1, waitlistEntries, eq(waitlistEntries.unsubscribeHash, hash));
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
