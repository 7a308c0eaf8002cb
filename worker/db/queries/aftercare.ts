import { and, desc, eq, gte, isNotNull, lte, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { consultationKind } from "../../../shared/submission-kinds";
import { aftercareChoices, aftercareMails, bookings, consultationRequests } from "../schema";
import { sealedThreadToken } from "./messages";

/** The request's most recent completed session: the one its aftercare follows. */
export async function latestCompletedBooking(d1: D1Database, submissionId: string) {
  const [row] = await drizzle(d1)
    .select({
      id: bookings.id,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      completedAt: bookings.completedAt,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.submissionId, submissionId),
        eq(bookings.status, "completed"),
        isNotNull(bookings.completedAt),
      ),
    )
    .orderBy(desc(bookings.completedAt))
    .limit(1);
  return row?.completedAt ? { ...row, completedAt: row.completedAt } : null;
}

export async function choicesOf(d1: D1Database, submissionId: string) {
  const [row] = await drizzle(d1)
    .select()
    .from(aftercareChoices)
    .where(eq(aftercareChoices.submissionId, submissionId))
    .limit(1);
  return row ?? null;
}

/** Turns the reminder e-mails on (from now) or off (stamped now); one statement either way. */
export async function setReminders(d1: D1Database, submissionId: string, on: boolean, now: string) {
  const set = on
    ? { remindersSince: now, remindersStoppedAt: null, updatedAt: now }
    : { remindersSince: null, remindersStoppedAt: now, updatedAt: now };
  await drizzle(d1)
    .insert(aftercareChoices)
    .values({ submissionId, ...set })
    .onConflictDoUpdate({ target: aftercareChoices.submissionId, set });
}

/** Records the portfolio permission given (from now) or withdrawn (stamped now). */
export async function setPortfolioPermission(
  d1: D1Database,
  submissionId: string,
  allow: boolean,
  now: string,
) {
  const set = allow
    ? { portfolioAllowedAt: now, portfolioWithdrawnAt: null, updatedAt: now }
    : { portfolioAllowedAt: null, portfolioWithdrawnAt: now, updatedAt: now };
  await drizzle(d1)
    .insert(aftercareChoices)
    .values({ submissionId, ...set })
    .onConflictDoUpdate({ target: aftercareChoices.submissionId, set });
}

/**
 * Completed sessions since `since` whose client wants the reminders, newest first. The caller
 * keeps each request's latest session: its healing is the one the reminders follow.
 */
export function remindableBookings(d1: D1Database, since: string) {
  return drizzle(d1)
    .select({ id: bookings.id, submissionId: bookings.submissionId, completedAt: bookings.completedAt })
    .from(bookings)
    .innerJoin(aftercareChoices, eq(aftercareChoices.submissionId, bookings.submissionId))
    .where(
      and(
        eq(bookings.status, "completed"),
        gte(bookings.completedAt, since),
        isNotNull(aftercareChoices.remindersSince),
      ),
    )
    .orderBy(desc(bookings.completedAt))
    .limit(500);
}

/** Queues one reminder; a reminder already queued for that session and day stays as it is. */
export async function queueAftercareMail(
  d1: D1Database,
  row: { submissionId: string; bookingId: string; day: number; now: string },
): Promise<boolean> {
  const inserted = await drizzle(d1)
    .insert(aftercareMails)
    .values({
      id: crypto.randomUUID(),
      submissionId: row.submissionId,
      bookingId: row.bookingId,
      day: row.day,
      createdAt: row.now,
      nextAttemptAt: row.now,
    })
    .onConflictDoNothing()
    .returning({ id: aftercareMails.id });
  return inserted.length > 0;
}

export function dueAftercareMail(d1: D1Database, now: string, limit: number) {
  return drizzle(d1)
    .select({ id: aftercareMails.id })
    .from(aftercareMails)
    .where(and(eq(aftercareMails.mailStatus, "pending"), lte(aftercareMails.nextAttemptAt, now)))
    .orderBy(aftercareMails.nextAttemptAt)
    .limit(limit);
}

/**
 * Claims one due reminder for a lease (another run skips it meanwhile) and reads what its e-mail
 * needs: the request, whether its client still wants reminders, the sealed link.
 */
export async function claimAftercareMail(d1: D1Database, id: string, now: string, leaseUntil: string) {
  const db = drizzle(d1);
  const [mail] = await db
    .update(aftercareMails)
    .set({ nextAttemptAt: leaseUntil, mailAttempts: sql`${aftercareMails.mailAttempts} + 1` })
    .where(
      and(
        eq(aftercareMails.id, id),
        eq(aftercareMails.mailStatus, "pending"),
        lte(aftercareMails.nextAttemptAt, now),
      ),
    )
    .returning();
  if (!mail) return undefined;
  const [[request], choices, sealedToken] = await Promise.all([
    db
      .select({
        id: consultationRequests.id,
        name: consultationRequests.name,
        email: consultationRequests.email,
      })
      .from(consultationRequests)
      .where(eq(consultationRequests.id, mail.submissionId))
      .limit(1),
    choicesOf(d1, mail.submissionId),
    sealedThreadToken(d1, mail.submissionId),
  ]);
  return { mail, request, wantsReminders: Boolean(choices?.remindersSince), sealedToken };
}

export async function settleAftercareMail(
  d1: D1Database,
  id: string,
  outcome:
    | { status: "sent"; now: string }
    | { status: "failed" | "stopped"; error?: string }
    | { status: "pending"; error: string; nextAttemptAt: string },
) {
  const set =
    outcome.status === "pending"
      ? { lastError: outcome.error, nextAttemptAt: outcome.nextAttemptAt }
      : outcome.status === "sent"
        ? { mailStatus: "sent" as const, sentAt: outcome.now, lastError: null }
        : { mailStatus: outcome.status, lastError: outcome.error ?? null };
  await drizzle(d1).update(aftercareMails).set(set).where(eq(aftercareMails.id, id));
}

/** Reminders whose request is gone (deleted by retention or by hand): at most `limit` a run. */
export async function deleteOrphanedAftercareMail(d1: D1Database, limit: number): Promise<number> {
  const { results } = await d1
    .prepare(
      `DELETE FROM aftercare_mails WHERE rowid IN (
        SELECT a.rowid FROM aftercare_mails a
        WHERE NOT EXISTS (SELECT 1 FROM ${consultationKind.table} s WHERE s.id = a.submission_id)
        LIMIT ?) RETURNING 1 AS gone`,
    )
    .bind(limit)
    .all();
  return results.length;
}

/** Notes a portfolio piece made from the client's photo, so a withdrawal can name it. */
export async function recordPortfolioPiece(
  d1: D1Database,
  submissionId: string,
  pieceId: string,
  now: string,
) {
  await d1
    .prepare(
      `UPDATE aftercare_choices SET portfolio_piece_ids = json_insert(portfolio_piece_ids, '$[#]', ?2), updated_at = ?3
       WHERE submission_id = ?1`,
    )
    .bind(submissionId, pieceId, now)
    .run();
}
