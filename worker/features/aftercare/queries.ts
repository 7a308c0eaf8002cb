import { and, desc, eq, gte, isNotNull } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { firstRow, newestOfRequest } from "../../platform/db/first-row";
import { aftercareChoices, bookings, consultationRequests, mailQueue } from "../../platform/db/schema";
import { queueMail } from "../../platform/mail-queue";
import { sealedThreadToken } from "../conversation/queries";

/** The request's most recent completed session: the one its aftercare follows. */
export async function latestCompletedBooking(d1: D1Database, submissionId: string) {
  const row = await newestOfRequest(
    d1,
    bookings,
    submissionId,
    and(eq(bookings.status, "completed"), isNotNull(bookings.completedAt)),
    bookings.completedAt,
  );
  if (!row?.completedAt) return null;
  return { id: row.id, startsAt: row.startsAt, endsAt: row.endsAt, completedAt: row.completedAt };
}

export async function choicesOf(d1: D1Database, submissionId: string) {
  return firstRow(d1, aftercareChoices, eq(aftercareChoices.submissionId, submissionId));
}

/** Writes the request's choices, making the row the first time the client chooses anything. */
async function saveChoices(
  d1: D1Database,
  submissionId: string,
  set: Omit<typeof aftercareChoices.$inferInsert, "submissionId">,
) {
  await drizzle(d1)
    .insert(aftercareChoices)
    .values({ submissionId, ...set })
    .onConflictDoUpdate({ target: aftercareChoices.submissionId, set });
}

/** Turns the reminder e-mails on (from now) or off (stamped now); one statement either way. */
export async function setReminders(d1: D1Database, submissionId: string, on: boolean, now: string) {
  const set = on
    ? { remindersSince: now, remindersStoppedAt: null, updatedAt: now }
    : { remindersSince: null, remindersStoppedAt: now, updatedAt: now };
  await saveChoices(d1, submissionId, set);
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
  await saveChoices(d1, submissionId, set);
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
  const inserted = await queueMail(d1, {
    kind: "aftercare",
    subjectId: row.bookingId,
    topic: String(row.day),
    requestId: row.submissionId,
    now: row.now,
  }).returning({ id: mailQueue.id });
  return inserted.length > 0;
}

/** What a reminder needs at send time: the request, whether its client still wants reminders, the sealed link. */
export async function aftercareMailSubject(d1: D1Database, submissionId: string) {
  const [[request], choices, sealedToken] = await Promise.all([
    drizzle(d1)
      .select({
        id: consultationRequests.id,
        name: consultationRequests.name,
        email: consultationRequests.email,
      })
      .from(consultationRequests)
      .where(eq(consultationRequests.id, submissionId))
      .limit(1),
    choicesOf(d1, submissionId),
    sealedThreadToken(d1, submissionId),
  ]);
  return { request, wantsReminders: Boolean(choices?.remindersSince), sealedToken };
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
