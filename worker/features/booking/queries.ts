import { and, asc, desc, eq, gt, isNotNull, lt } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { consultationKind } from "../../../shared/submission-kinds";
import { deleteRows, firstRow, newestOfRequest } from "../../platform/db/first-row";
import { consultationRequests, requestStatusLinks } from "../../platform/db/schema";
import { closeFreedSlotsTakenBy, recordFreedSlot } from "../waitlist/offer-queries";
import type { BookingMailKind } from "./mail-tables";
import { blockedDates, bookings, deposits, quotes } from "./tables";

/**
 * The booked sessions (docs/decisions/020-quote-to-healed.md, "Booking"). Claiming a slot is one
 * INSERT ... SELECT ... WHERE NOT EXISTS: D1 runs each statement, and each batch, on its own, so
 * of two clients racing for the same time exactly one row is written, and the other statement
 * changes nothing.
 */

const table = consultationKind.table;

/**
 * What lets a request book: its newest accepted quote (a new quote withdraws the one before) and
 * a paid deposit. The deposit is the request's, not one quote's: paid once, it holds through a
 * revised quote, as the studio's policy applies it to the final cost.
 */
export async function bookingGate(d1: D1Database, submissionId: string) {
  const db = drizzle(d1);
  const [[quote], deposit] = await Promise.all([
    db
      .select()
      .from(quotes)
      .where(and(eq(quotes.submissionId, submissionId), eq(quotes.status, "accepted")))
      .orderBy(desc(quotes.createdAt))
      .limit(1),
    depositOf(d1, submissionId),
  ]);
  return quote && deposit?.status === "paid" ? { quote, deposit } : null;
}

/** A request's newest booking, whatever its status. */
export async function latestBooking(d1: D1Database, submissionId: string) {
  return newestOfRequest(d1, bookings, submissionId);
}

/** Booked sessions that overlap [from, to). */
export function bookedBetween(d1: D1Database, from: string, to: string) {
  return drizzle(d1)
    .select({ id: bookings.id, startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(bookings)
    .where(and(eq(bookings.status, "booked"), lt(bookings.startsAt, to), gt(bookings.endsAt, from)));
}

/** A session's own columns that every list of sessions shows: which, whose, and when. */
export const sessionTime = {
  id: bookings.id,
  submissionId: bookings.submissionId,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
};

/** The sessions still to come, soonest first, with the client's name. */
export function upcomingSessions(d1: D1Database, now: string, limit: number) {
  return drizzle(d1)
    .select({ ...sessionTime, name: consultationRequests.name })
    .from(bookings)
    .innerJoin(consultationRequests, eq(consultationRequests.id, bookings.submissionId))
    .where(and(eq(bookings.status, "booked"), gt(bookings.endsAt, now)))
    .orderBy(asc(bookings.startsAt))
    .limit(limit);
}

export function listBlockedDates(d1: D1Database, from: string) {
  return drizzle(d1)
    .select({ date: blockedDates.date, note: blockedDates.note })
    .from(blockedDates)
    .where(gt(blockedDates.date, from))
    .orderBy(asc(blockedDates.date));
}

export async function addBlockedDate(d1: D1Database, date: string, note: string | null) {
  await drizzle(d1)
    .insert(blockedDates)
    .values({ date, note })
    .onConflictDoUpdate({ target: blockedDates.date, set: { note } });
}

export function removeBlockedDate(d1: D1Database, date: string): Promise<boolean> {
  return deleteRows(d1, blockedDates, eq(blockedDates.date, date));
}

export interface NewBooking {
  id: string;
  submissionId: string;
  quoteId: string;
  startsAt: string;
  endsAt: string;
  now: string;
  /** Minutes kept clear before and after every session. */
  bufferMinutes: number;
}

/** No booked session within the buffer of [start, end), the one being moved aside excepted. */
const clearOf = `NOT EXISTS (SELECT 1 FROM bookings b WHERE b.status = 'booked' AND b.id <> ?
  AND b.starts_at < strftime('%Y-%m-%dT%H:%M:%fZ', ?, '+' || ? || ' minutes')
  AND strftime('%Y-%m-%dT%H:%M:%fZ', b.ends_at, '+' || ? || ' minutes') > ?)`;
const clearBinds = (slot: NewBooking, except: string) => [
  except,
  slot.endsAt,
  slot.bufferMinutes,
  slot.bufferMinutes,
  slot.startsAt,
];

/** Queues e-mails about a booking, only if the booking row named is in the state given. */
function queueMail(
  d1: D1Database,
  bookingId: string,
  submissionId: string,
  kinds: BookingMailKind[],
  now: string,
) {
  return kinds.map((kind) =>
    d1
      .prepare(
        `INSERT INTO mail_queue (id, kind, subject_id, topic, request_id, next_attempt_at, created_at, updated_at)
         SELECT ?, 'booking', ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM bookings WHERE id = ? AND (status = 'booked' AND created_at = ? OR cancelled_at = ?))
         ON CONFLICT (kind, subject_id, topic) DO NOTHING`,
      )
      .bind(crypto.randomUUID(), bookingId, kind, submissionId, now, now, now, bookingId, now, now),
  );
}

/** The audit line of an artist's change to a booking, written only if the change was made. */
function auditBooking(
  d1: D1Database,
  actor: { id: string; email: string },
  bookingId: string,
  to: "cancelled" | "completed",
  now: string,
) {
  const column = to === "cancelled" ? "cancelled_at" : "completed_at";
  return d1
    .prepare(
      `INSERT INTO audit_log (admin_id, admin_email, entity, entity_id, action, from_value, to_value, created_at)
       SELECT ?, ?, 'consultation', submission_id, 'booking', 'booked', ?, ? FROM bookings WHERE id = ? AND ${column} = ?`,
    )
    .bind(actor.id, actor.email, to, now, bookingId, now);
}

/**
 * Takes back "session done" on a session marked done at `completedAt` (the value the caller read,
 * so a second undo or a later completion is not overwritten): the booking is booked again and the
 * inbox status scheduled again, in one batch; then the activity log says so.
 */
export async function reopenBooking(
  d1: D1Database,
  input: { bookingId: string; submissionId: string; completedAt: string; now: string },
  actor: { id: string; email: string },
) {
  const [reopened] = await d1.batch([
    d1
      .prepare(
        "UPDATE bookings SET status = 'booked', completed_at = NULL WHERE id = ? AND status = 'completed' AND completed_at = ?",
      )
      .bind(input.bookingId, input.completedAt),
    d1
      .prepare(
        `UPDATE ${table} SET status = 'scheduled', updated_at = ? WHERE id = ? AND status = 'completed'
         AND EXISTS (SELECT 1 FROM bookings WHERE id = ? AND status = 'booked' AND completed_at IS NULL)`,
      )
      .bind(input.now, input.submissionId, input.bookingId),
  ]);
  if ((reopened?.meta.changes ?? 0) === 0) return false;
  await d1
    .prepare(
      `INSERT INTO audit_log (admin_id, admin_email, entity, entity_id, action, from_value, to_value, created_at)
       VALUES (?, ?, 'consultation', ?, 'booking', 'completed', 'booked', ?)`,
    )
    .bind(actor.id, actor.email, input.submissionId, input.now)
    .run();
  return true;
}

/** The inbox status a request moves to, if the booking named was just written. */
function setStatus(d1: D1Database, submissionId: string, status: string, bookingId: string, now: string) {
  return d1
    .prepare(
      `UPDATE ${table} SET status = ?, updated_at = ? WHERE id = ?
       AND EXISTS (SELECT 1 FROM bookings WHERE id = ? AND (created_at = ? OR cancelled_at = ? OR completed_at = ?))`,
    )
    .bind(status, now, submissionId, bookingId, now, now, now);
}

/**
 * Claims a slot for a request in one batch: the session if no booked one is within the buffer
 * (and the request holds no other), its e-mails, and the inbox status "scheduled". With `replaces`,
 * the booking it moves is cancelled first in the same batch, and only when the new time is free.
 * Returns whether the slot was won.
 */
export async function claimSlot(
  d1: D1Database,
  slot: NewBooking,
  replaces: string | null = null,
  /** Statements of the move that must run only after the new session is in (the release form's). */
  afterMove: readonly D1PreparedStatement[] = [],
): Promise<boolean> {
  const statements: D1PreparedStatement[] = [];
  if (replaces) {
    statements.push(
      d1
        .prepare(
          `UPDATE bookings SET status = 'cancelled', cancelled_at = ?, cancelled_by = 'move' WHERE id = ? AND submission_id = ? AND status = 'booked' AND ${clearOf}`,
        )
        .bind(slot.now, replaces, slot.submissionId, ...clearBinds(slot, replaces)),
    );
  }
  statements.push(
    d1
      .prepare(
        // A move carries the calendar event on: the replaced session's UID, one revision more.
        `INSERT INTO bookings (id, submission_id, quote_id, starts_at, ends_at, status, created_at,
           calendar_uid, calendar_sequence, moved_from)
         SELECT ?, ?, ?, ?, ?, 'booked', ?,
           COALESCE((SELECT COALESCE(calendar_uid, id) FROM bookings WHERE id = ?), ?),
           COALESCE((SELECT calendar_sequence + 1 FROM bookings WHERE id = ?), 0),
           ?
         WHERE ${clearOf}
         AND NOT EXISTS (SELECT 1 FROM bookings WHERE submission_id = ? AND status = 'booked')
         ON CONFLICT DO NOTHING`,
      )
      .bind(
        slot.id,
        slot.submissionId,
        slot.quoteId,
        slot.startsAt,
        slot.endsAt,
        slot.now,
        replaces,
        slot.id,
        replaces,
        replaces,
        ...clearBinds(slot, ""),
        slot.submissionId,
      ),
    // One message to each side: "booked", or for a move "moved" (never a second "booked").
    ...queueMail(
      d1,
      slot.id,
      slot.submissionId,
      replaces ? ["moved", "artist-moved"] : ["confirmation", "artist-booked"],
      slot.now,
    ),
    setStatus(d1, slot.submissionId, "scheduled", slot.id, slot.now),
    ...afterMove,
    // The freed times this session takes are closed and their other offers told it has gone;
    // then a move's old time is freed for the clients waiting (docs/decisions/039).
    ...closeFreedSlotsTakenBy(d1, { ...slot, bookingId: slot.id }),
    ...(replaces ? [recordFreedSlot(d1, replaces, slot.now)] : []),
  );
  const results = await d1.batch(statements);
  const inserted = results[replaces ? 1 : 0];
  return (inserted?.meta.changes ?? 0) > 0;
}

/**
 * Cancels a booked session, in one batch: the booking, the deposit's outcome when the notice
 * costs it (`paid` stays when it transfers), the e-mails, and the inbox status back to
 * "contacted". Returns whether it was still booked.
 */
export async function cancelBooking(
  d1: D1Database,
  input: {
    bookingId: string;
    submissionId: string;
    depositId: string | null;
    depositOutcome: "half-kept" | "forfeited" | null;
    notify: BookingMailKind[];
    now: string;
    by: "client" | "artist";
    /** The artist, when she cancels from the inbox: the change goes in the audit log. */
    actor?: { id: string; email: string };
  },
): Promise<boolean> {
  const { bookingId, submissionId, now } = input;
  const statements: D1PreparedStatement[] = [
    d1
      .prepare(
        "UPDATE bookings SET status = 'cancelled', cancelled_at = ?, cancelled_by = ? WHERE id = ? AND submission_id = ? AND status = 'booked'",
      )
      .bind(now, input.by, bookingId, submissionId),
  ];
  if (input.depositId && input.depositOutcome) {
    statements.push(
      d1
        .prepare(
          `UPDATE deposits SET status = ?, settled_at = ? WHERE id = ? AND status = 'paid'
           AND EXISTS (SELECT 1 FROM bookings WHERE id = ? AND cancelled_at = ?)`,
        )
        .bind(input.depositOutcome, now, input.depositId, bookingId, now),
    );
  }
  statements.push(
    ...queueMail(d1, bookingId, submissionId, input.notify, now),
    setStatus(d1, submissionId, "contacted", bookingId, now),
  );
  if (input.actor) statements.push(auditBooking(d1, input.actor, bookingId, "cancelled", now));
  // The time is offered to the clients waiting for one (docs/decisions/039-freed-slot-offers.md).
  statements.push(recordFreedSlot(d1, bookingId, now));
  const [cancelled] = await d1.batch(statements);
  return (cancelled?.meta.changes ?? 0) > 0;
}

/** The artist marks a session done: the booking and the inbox status, in one batch. */
export async function completeBooking(
  d1: D1Database,
  bookingId: string,
  now: string,
  actor: { id: string; email: string },
) {
  const [done] = await d1.batch([
    d1
      .prepare(
        "UPDATE bookings SET status = 'completed', completed_at = ? WHERE id = ? AND status = 'booked'",
      )
      .bind(now, bookingId),
    // The request is completed with its quote's last session; with more to come it stays scheduled.
    d1
      .prepare(
        `UPDATE ${table} SET updated_at = ?1, status = CASE
           WHEN (SELECT count(*) FROM bookings WHERE quote_id = (SELECT quote_id FROM bookings WHERE id = ?2)
                 AND status = 'completed')
              < coalesce((SELECT sessions FROM quotes WHERE id = (SELECT quote_id FROM bookings WHERE id = ?2)), 1)
           THEN 'scheduled' ELSE 'completed' END
         WHERE id = (SELECT submission_id FROM bookings WHERE id = ?2 AND completed_at = ?1)`,
      )
      .bind(now, bookingId),
    auditBooking(d1, actor, bookingId, "completed", now),
  ]);
  return (done?.meta.changes ?? 0) > 0;
}

export async function findBooking(d1: D1Database, id: string) {
  return firstRow(d1, bookings, eq(bookings.id, id));
}

/** A request's newest deposit received (by Stripe or by hand), whatever became of it since. */
export async function depositOf(d1: D1Database, submissionId: string) {
  return newestOfRequest(d1, deposits, submissionId, isNotNull(deposits.paidAt), deposits.paidAt);
}

/**
 * Reminders that are due: for each booked session still to come, the 24-hour one once fewer than
 * 24 hours are left, else the 48-hour one once fewer than 48 are. A 48-hour reminder not sent by
 * then is skipped (marked, never queued): the 24-hour one says the same, closer to the day.
 */
export async function queueDueReminders(d1: D1Database, now: string): Promise<number> {
  // A booked session whose reminder of that many hours is not yet queued and whose start is
  // within that many hours of now; binds now twice.
  const dueFor = (hours: 24 | 48) =>
    `status = 'booked' AND reminder_${hours}_at IS NULL
     AND starts_at > ? AND starts_at <= strftime('%Y-%m-%dT%H:%M:%fZ', ?, '+${hours} hours')`;
  const queueReminder = (hours: 24 | 48) =>
    d1
      .prepare(
        `INSERT INTO mail_queue (id, kind, subject_id, topic, request_id, next_attempt_at, created_at, updated_at)
         SELECT lower(hex(randomblob(16))), 'booking', id, 'reminder-${hours}', submission_id, ?, ?, ? FROM bookings
         WHERE ${dueFor(hours)}
         ON CONFLICT (kind, subject_id, topic) DO NOTHING`,
      )
      .bind(now, now, now, now, now);
  const results = await d1.batch([
    queueReminder(24),
    d1
      .prepare(
        `UPDATE bookings SET reminder_24_at = ?, reminder_48_at = coalesce(reminder_48_at, ?) WHERE ${dueFor(24)}`,
      )
      .bind(now, now, now, now),
    queueReminder(48),
    d1.prepare(`UPDATE bookings SET reminder_48_at = ? WHERE ${dueFor(48)}`).bind(now, now, now),
  ]);
  return (results[0]?.meta.changes ?? 0) + (results[2]?.meta.changes ?? 0);
}

/** What a booking's e-mail needs at send time: the session, its request and the live sealed link. */
export async function bookingMailSubject(d1: D1Database, bookingId: string) {
  const db = drizzle(d1);
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking) return undefined;
  const [[request], [link], [movedFrom]] = await Promise.all([
    db.select().from(consultationRequests).where(eq(consultationRequests.id, booking.submissionId)).limit(1),
    db
      .select({ threadToken: requestStatusLinks.threadToken, revokedAt: requestStatusLinks.revokedAt })
      .from(requestStatusLinks)
      .where(eq(requestStatusLinks.submissionId, booking.submissionId))
      .orderBy(desc(requestStatusLinks.createdAt))
      .limit(1),
    // The time it was moved from, for the e-mails that say so.
    booking.movedFrom
      ? db
          .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
          .from(bookings)
          .where(eq(bookings.id, booking.movedFrom))
          .limit(1)
      : Promise.resolve([]),
  ]);
  return {
    booking,
    movedFrom: movedFrom ?? null,
    request: request ?? null,
    sealedToken: link && !link.revokedAt ? link.threadToken : null,
  };
}

/**
 * How many times the client changed their session: each move, and each cancellation of their
 * own (a rebooking after it is then a change too). The artist's cancellations never count.
 */
export async function clientChangesOf(d1: D1Database, submissionId: string): Promise<number> {
  const row = await d1
    .prepare(
      "SELECT count(*) AS changes FROM bookings WHERE submission_id = ? AND status = 'cancelled' AND coalesce(cancelled_by, 'client') <> 'artist'",
    )
    .bind(submissionId)
    .first<{ changes: number }>();
  return row?.changes ?? 0;
}

/** How many sessions of a quote are done: a quote of several sessions books each in turn. */
export async function sessionsDoneOf(d1: D1Database, quoteId: string): Promise<number> {
  const row = await d1
    .prepare("SELECT count(*) AS done FROM bookings WHERE quote_id = ? AND status = 'completed'")
    .bind(quoteId)
    .first<{ done: number }>();
  return row?.done ?? 0;
}
