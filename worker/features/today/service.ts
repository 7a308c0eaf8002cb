import { stateOf, stateViews } from "../../../shared/request-lifecycle";
import { replyDueAt } from "../../../shared/request-stages";
import { studio } from "../../../shared/studio";
import { addDays, studioDate, zonedInstant } from "../../platform/studio-clock";
import { latestPublishedContent } from "../content/service";
import { todayRows } from "./queries";

/**
 * The artist's Today: what needs her now, most urgent first. Replies the studio promised (with
 * the promise's clock), clients' answers, deposits paid and waiting for a booking, the sessions
 * of today and the week ahead (release form signed or not), new contact messages, and the
 * waitlist. Each line names its request, so the screen links straight to the card.
 */
export async function today(db: D1Database, now: Date) {
  const day = studioDate(now);
  const dayStart = zonedInstant(day, "00:00", studio.timeZone);
  const tomorrow = zonedInstant(addDays(day, 1), "00:00", studio.timeZone);
  const weekEnd = zonedInstant(addDays(day, 8), "00:00", studio.timeZone);
  const [rows, content] = await Promise.all([
    todayRows(db, { sessionsFrom: dayStart.toISOString(), sessionsTo: weekEnd.toISOString() }),
    latestPublishedContent(db).catch(() => null),
  ]);
  const replies = rows.waiting
    .filter((row) => stateViews[stateOf(row)].awaitsReply)
    .map((row) => ({
      id: row.id,
      name: row.name,
      receivedAt: row.createdAt,
      dueAt: replyDueAt(row.createdAt),
    }))
    .sort((a, b) => a.dueAt.localeCompare(b.dueAt));
  const sessions = rows.sessions.map((row) => ({ ...row, releaseSigned: Boolean(row.releaseSigned) }));
  return {
    now: now.toISOString(),
    day,
    replies,
    answers: rows.answers,
    deposits: rows.deposits,
    sessionsToday: sessions.filter((session) => session.startsAt < tomorrow.toISOString()),
    sessionsThisWeek: sessions.filter((session) => session.startsAt >= tomorrow.toISOString()),
    messages: rows.messages,
    waitlist: { booksOpen: content?.content.booking.booksOpen ?? true, waiting: rows.waitlist },
  };
}
