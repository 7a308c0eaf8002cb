import { and, asc, desc, eq, getTableColumns, gt, gte, isNull, ne, or } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { deleteOldestBefore } from "../../platform/db/bounded-delete";
import { firstRow } from "../../platform/db/first-row";
import { requestAuditEntry } from "../../platform/db/request-audit";
import { auditLog, bookings, procedureRecords, releaseForms } from "../../platform/db/schema";

type NewForm = typeof releaseForms.$inferInsert;
type NewRecord = typeof procedureRecords.$inferInsert;

/** The request's booked (not yet done, not cancelled) session the form is for, the latest one. */
export async function bookedSessionOf(d1: D1Database, submissionId: string) {
  const [row] = await drizzle(d1)
    .select({ id: bookings.id, startsAt: bookings.startsAt })
    .from(bookings)
    .where(and(eq(bookings.submissionId, submissionId), eq(bookings.status, "booked")))
    .orderBy(desc(bookings.createdAt))
    .limit(1);
  return row ?? null;
}

/** The form signed for a booking, if any (one a booking). */
export async function formOfBooking(d1: D1Database, bookingId: string) {
  const [row] = await drizzle(d1)
    .select({ id: releaseForms.id, signedAt: releaseForms.signedAt })
    .from(releaseForms)
    .where(eq(releaseForms.bookingId, bookingId))
    .limit(1);
  return row ?? null;
}

/**
 * The request's latest form signed for another session than `bookingId` (one moved with a changed
 * text, or cancelled), with that session's start: why the page asks again.
 */
export async function earlierFormOf(d1: D1Database, submissionId: string, bookingId: string) {
  const [row] = await drizzle(d1)
    .select({
      signedAt: releaseForms.signedAt,
      textVersion: releaseForms.textVersion,
      sessionStartsAt: bookings.startsAt,
      sessionStatus: bookings.status,
    })
    .from(releaseForms)
    .leftJoin(bookings, eq(bookings.id, releaseForms.bookingId))
    .where(and(eq(releaseForms.submissionId, submissionId), ne(releaseForms.bookingId, bookingId)))
    .orderBy(desc(releaseForms.signedAt))
    .limit(1);
  return row ?? null;
}

/**
 * The statements that carry a signed form over to the session a move created, for the batch that
 * makes the move: only while its text is the one signed (`textVersion`) and only once the new
 * session was really booked in the same batch; its procedure record takes the new date.
 */
export function carryFormStatements(
  d1: D1Database,
  carry: { from: string; to: string; textVersion: string; procedureDate: string; deleteAfter: string },
): D1PreparedStatement[] {
  return [
    d1
      .prepare(
        `UPDATE release_forms SET booking_id = ?1 WHERE booking_id = ?2 AND text_version = ?3
         AND EXISTS (SELECT 1 FROM bookings WHERE id = ?1 AND status = 'booked' AND moved_from = ?2)`,
      )
      .bind(carry.to, carry.from, carry.textVersion),
    d1
      .prepare(
        `UPDATE procedure_records SET procedure_date = ?, delete_after = ?
         WHERE release_form_id IN (SELECT id FROM release_forms WHERE booking_id = ?)`,
      )
      .bind(carry.procedureDate, carry.deleteAfter, carry.to),
  ];
}

/** The request's most recently signed form, if any: what its card and page show. */
export async function latestFormOf(d1: D1Database, submissionId: string) {
  const [row] = await drizzle(d1)
    .select({ id: releaseForms.id, signedAt: releaseForms.signedAt, bookingId: releaseForms.bookingId })
    .from(releaseForms)
    .where(eq(releaseForms.submissionId, submissionId))
    .orderBy(desc(releaseForms.signedAt))
    .limit(1);
  return row ?? null;
}

export async function findForm(d1: D1Database, id: string) {
  return firstRow(d1, releaseForms, eq(releaseForms.id, id));
}

/**
 * Saves a signed form and its procedure record in one batch: both or neither. A second form for
 * the same booking fails on the booking's unique index, and then nothing is saved.
 */
export async function insertSignedForm(d1: D1Database, form: NewForm, record: NewRecord) {
  const db = drizzle(d1);
  await db.batch([db.insert(releaseForms).values(form), db.insert(procedureRecords).values(record)]);
}

/**
 * One page of the procedure records dated on or after `since` (YYYY-MM-DD), oldest first, after
 * the cursor (a date and an id). A record whose session was cancelled (or moved, which cancels
 * it) is left out: no procedure took place that day. One whose booking is gone with its request
 * stays, on its own date.
 */
export function recordsPage(
  d1: D1Database,
  since: string,
  after: { date: string; id: string } | undefined,
  limit: number,
) {
  const r = procedureRecords;
  return drizzle(d1)
    .select(getTableColumns(r))
    .from(r)
    .leftJoin(releaseForms, eq(releaseForms.id, r.releaseFormId))
    .leftJoin(bookings, eq(bookings.id, releaseForms.bookingId))
    .where(
      and(
        gte(r.procedureDate, since),
        or(isNull(bookings.id), ne(bookings.status, "cancelled")),
        after
          ? or(gt(r.procedureDate, after.date), and(eq(r.procedureDate, after.date), gt(r.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(asc(r.procedureDate), asc(r.id))
    .limit(limit);
}

/** Who opened what, in the admin audit log: `action` names the release-form event. */
export async function recordAudit(
  d1: D1Database,
  entry: {
    admin: { id: string; email: string };
    submissionId: string;
    action: "release_form_view" | "release_form_export";
    detail: string;
    at: string;
  },
) {
  await drizzle(d1)
    .insert(auditLog)
    .values(
      requestAuditEntry(entry.admin, entry.submissionId, {
        action: entry.action,
        toValue: entry.detail,
        at: entry.at,
      }),
    );
}

/**
 * Forms and records whose three years are over, at most `limit` of each per run; and the records
 * of sessions cancelled (or moved) after signing, as no procedure took place: removed while the
 * booking still says so, before it goes with its request.
 */
export async function deleteExpiredForms(d1: D1Database, now: string, limit: number) {
  const forms = await deleteOldestBefore(d1, "release_forms", "delete_after", now, limit);
  const records = await deleteOldestBefore(d1, "procedure_records", "delete_after", now, limit);
  const { results } = await d1
    .prepare(
      `DELETE FROM procedure_records WHERE rowid IN (
         SELECT r.rowid FROM procedure_records r
         JOIN release_forms f ON f.id = r.release_form_id
         JOIN bookings b ON b.id = f.booking_id
         WHERE b.status = 'cancelled' LIMIT ?
       ) RETURNING 1 AS gone`,
    )
    .bind(limit)
    .all();
  return { forms, records, cancelledSessions: results.length };
}
