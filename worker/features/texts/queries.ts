import { and, asc, desc, eq, gt, inArray, isNotNull, lte, ne, or, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { firstRow, hasRow } from "../../platform/db/first-row";
import { bookings } from "../booking/tables";
import { consultationRequests } from "../requests/kind-tables";
import { type TextMessage, type TextOptIn, textMessages, textOptIns, textSettings } from "./tables";

/** The statements of text reminders: opt-ins, settings, and the texts' outbox and log. */

export async function readTextSettings(d1: D1Database) {
  return firstRow(d1, textSettings, eq(textSettings.id, 1));
}

export async function saveTextSettings(
  d1: D1Database,
  values: {
    reminderHours: string;
    quietFrom: string;
    quietUntil: string;
    templates: string;
    updatedAt: string;
  },
) {
  await drizzle(d1)
    .insert(textSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: textSettings.id, set: values });
}

export async function optInOf(d1: D1Database, submissionId: string): Promise<TextOptIn | null> {
  return firstRow(d1, textOptIns, eq(textOptIns.submissionId, submissionId));
}

/** Writes the client's opt-in, whatever stood before (a new number starts over as pending). */
export async function putOptIn(d1: D1Database, row: typeof textOptIns.$inferInsert) {
  const { submissionId: _, ...set } = row;
  await drizzle(d1)
    .insert(textOptIns)
    .values(row)
    .onConflictDoUpdate({ target: textOptIns.submissionId, set });
}

/** Changes an opt-in only if it still has the `updatedAt` read: two tabs never both count a try. */
export async function updateOptIn(
  d1: D1Database,
  submissionId: string,
  seen: string,
  set: Partial<typeof textOptIns.$inferInsert>,
): Promise<boolean> {
  const result = await drizzle(d1)
    .update(textOptIns)
    .set(set)
    .where(and(eq(textOptIns.submissionId, submissionId), eq(textOptIns.updatedAt, seen)));
  return result.meta.changes > 0;
}

/**
 * STOP from a number: every request of that number stops getting texts, and their texts still
 * queued are dropped, in one batch. Answers how many opt-ins it turned off (0: already off).
 */
export async function stopNumber(d1: D1Database, phone: string, now: string): Promise<number> {
  const db = drizzle(d1);
  const ids = db.select({ id: textOptIns.submissionId }).from(textOptIns).where(eq(textOptIns.phone, phone));
  const [stopped] = await db.batch([
    db
      .update(textOptIns)
      .set({ status: "off", offReason: "stop", codeHash: null, updatedAt: now })
      .where(and(eq(textOptIns.phone, phone), ne(textOptIns.status, "off"))),
    db
      .update(textMessages)
      .set({ status: "dropped", error: "the client replied STOP", updatedAt: now })
      .where(
        and(
          inArray(textMessages.status, ["queued", "retry"]),
          eq(textMessages.direction, "out"),
          inArray(textMessages.submissionId, ids),
        ),
      ),
  ]);
  return stopped.meta.changes;
}

/** START from a number: the confirmed opt-ins its STOP turned off are on again. */
export async function restartNumber(d1: D1Database, phone: string, now: string): Promise<number> {
  const result = await drizzle(d1)
    .update(textOptIns)
    .set({ status: "on", offReason: null, updatedAt: now })
    .where(
      and(
        eq(textOptIns.phone, phone),
        eq(textOptIns.status, "off"),
        eq(textOptIns.offReason, "stop"),
        isNotNull(textOptIns.confirmedAt),
      ),
    );
  return result.meta.changes;
}

/** A number a request of the studio confirmed (an inbound text from anyone else is a stranger's). */
export async function requestsOfNumber(d1: D1Database, phone: string) {
  return drizzle(d1)
    .select({ submissionId: textOptIns.submissionId, status: textOptIns.status })
    .from(textOptIns)
    .where(and(eq(textOptIns.phone, phone), isNotNull(textOptIns.confirmedAt)));
}

/** A text for the log and outbox; false when its topic or provider SID was seen before. */
export async function insertText(d1: D1Database, row: typeof textMessages.$inferInsert): Promise<boolean> {
  const result = await drizzle(d1).insert(textMessages).values(row).onConflictDoNothing();
  return result.meta.changes > 0;
}

/**
 * Booked sessions starting between `now` and `until` whose client has texts on, with what a
 * reminder needs: the number and the client's name.
 */
export function sessionsToRemind(d1: D1Database, now: string, until: string) {
  return drizzle(d1)
    .select({
      bookingId: bookings.id,
      submissionId: bookings.submissionId,
      startsAt: bookings.startsAt,
      bookedAt: bookings.createdAt,
      phone: textOptIns.phone,
      name: consultationRequests.name,
    })
    .from(bookings)
    .innerJoin(textOptIns, eq(textOptIns.submissionId, bookings.submissionId))
    .innerJoin(consultationRequests, eq(consultationRequests.id, bookings.submissionId))
    .where(
      and(
        eq(bookings.status, "booked"),
        gt(bookings.startsAt, now),
        lte(bookings.startsAt, until),
        eq(textOptIns.status, "on"),
      ),
    );
}

const t = textMessages;

/** Claims due outgoing texts in one UPDATE ... RETURNING, as the mail queue does. */
export async function claimDueTexts(d1: D1Database, now: string, leaseUntil: string, limit: number) {
  const db = drizzle(d1);
  const due = and(
    eq(t.direction, "out"),
    or(
      and(inArray(t.status, ["queued", "retry"]), lte(t.sendAt, now)),
      and(eq(t.status, "sending"), lte(t.leaseUntil, now)),
    ),
  );
  const picked = db.select({ id: t.id }).from(t).where(due).orderBy(asc(t.sendAt)).limit(limit);
  return db
    .update(t)
    .set({ status: "sending", attempts: sql`${t.attempts} + 1`, leaseUntil: leaseUntil, updatedAt: now })
    .where(and(inArray(t.id, picked), due))
    .returning();
}

/** An attempt's outcome, written over its own claim only. */
export async function settleText(
  d1: D1Database,
  text: Pick<TextMessage, "id" | "attempts">,
  set: Partial<typeof textMessages.$inferInsert>,
) {
  await drizzle(d1)
    .update(t)
    .set({ ...set, leaseUntil: null })
    .where(and(eq(t.id, text.id), eq(t.status, "sending"), eq(t.attempts, text.attempts)));
}

/** What a reminder checks at send time: its session still booked, its client's texts still on. */
export async function reminderStillWanted(d1: D1Database, bookingId: string) {
  const db = drizzle(d1);
  const [row] = await db
    .select({
      status: bookings.status,
      startsAt: bookings.startsAt,
      optIn: textOptIns.status,
      phone: textOptIns.phone,
    })
    .from(bookings)
    .leftJoin(textOptIns, eq(textOptIns.submissionId, bookings.submissionId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row ?? null;
}

/** The texts of one request (or of every request), newest first, as the artist's log shows them. */
export function textLog(d1: D1Database, submissionId: string | null, limit = 100) {
  return drizzle(d1)
    .select({
      id: t.id,
      submissionId: t.submissionId,
      direction: t.direction,
      kind: t.kind,
      phoneLast4: t.phoneLast4,
      body: t.body,
      status: t.status,
      sendAt: t.sendAt,
      error: t.error,
      createdAt: t.createdAt,
    })
    .from(t)
    .where(submissionId ? eq(t.submissionId, submissionId) : undefined)
    .orderBy(desc(t.createdAt))
    .limit(limit);
}

export function requestExists(d1: D1Database, id: string): Promise<boolean> {
  return hasRow(d1, consultationRequests, eq(consultationRequests.id, id));
}
