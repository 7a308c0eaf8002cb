import { and, asc, desc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { consultationRequests, requestStatusLinks } from "../../platform/db/schema";
import {
  type FreedSlot,
  freedSlots,
  type OfferMode,
  offerSettings,
  slotAlerts,
  slotOffers,
} from "./offer-tables";

/**
 * Freed-slot offers' storage (docs/decisions/039-freed-slot-offers.md). The statements a booking's
 * own batch runs (a time freed, a time taken) are built here, so that a cancellation can never
 * be saved without its freed time, and a claim never without closing the offers it ends.
 */

/** The mail queue's kind of an offer's e-mails: the offer its subject, "offer" or "gone" its topic. */
export const offerMailKind = "slot-offer";

/** The time an offer's e-mail names, once the artist's settings let it be offered. */
const offersOn = `coalesce((SELECT mode FROM offer_settings WHERE id = 'studio'), 'auto') <> 'off'`;

/**
 * For the batch that cancels (or moves away from) booking `bookingId` at `now`: records its time
 * as freed, if the session was cancelled by that very batch, is still to come, and offers are on.
 */
export function recordFreedSlot(d1: D1Database, bookingId: string, now: string) {
  return d1
    .prepare(
      `INSERT INTO freed_slots (id, booking_id, starts_at, ends_at, status, created_at)
       SELECT lower(hex(randomblob(16))), id, starts_at, ends_at, 'new', ?2 FROM bookings
       WHERE id = ?1 AND status = 'cancelled' AND cancelled_at = ?2 AND starts_at > ?2 AND ${offersOn}
       ON CONFLICT DO NOTHING`,
    )
    .bind(bookingId, now);
}

/**
 * For the batch that claims a slot (booking `bookingId`, written at `now`): every freed time it
 * overlaps is closed, and whoever else was offered it is sent "it has gone". Both only if the
 * booking was written (the claim won): a lost claim changes nothing here either. The refill is
 * counted when the client who took it had been offered it.
 */
export function closeFreedSlotsTakenBy(
  d1: D1Database,
  slot: { bookingId: string; submissionId: string; startsAt: string; endsAt: string; now: string },
) {
  const won = "EXISTS (SELECT 1 FROM bookings WHERE id = ?1 AND status = 'booked' AND created_at = ?5)";
  const overlaps = "f.status IN ('new', 'awaiting', 'offered') AND f.starts_at < ?4 AND f.ends_at > ?3";
  const binds = [slot.bookingId, slot.submissionId, slot.startsAt, slot.endsAt, slot.now] as const;
  return [
    d1
      .prepare(
        `INSERT INTO mail_queue (id, kind, subject_id, topic, request_id, next_attempt_at, created_at, updated_at)
         SELECT lower(hex(randomblob(16))), '${offerMailKind}', o.id, 'gone', o.submission_id, ?5, ?5, ?5
         FROM slot_offers o JOIN freed_slots f ON f.id = o.freed_slot_id
         WHERE f.status = 'offered' AND ${overlaps} AND o.submission_id <> ?2 AND o.token_hash IS NOT NULL AND ${won}
         ON CONFLICT DO NOTHING`,
      )
      .bind(...binds),
    d1
      .prepare(
        `UPDATE freed_slots AS f SET status = 'closed', taken_booking_id = ?1, taken_at = ?5,
           via_offer = (f.status = 'offered' AND EXISTS (SELECT 1 FROM slot_offers o
             WHERE o.freed_slot_id = f.id AND o.submission_id = ?2 AND o.token_hash IS NOT NULL))
         WHERE ${overlaps} AND ${won}`,
      )
      .bind(...binds),
  ];
}

/** The freed times not yet handled (offered, held for the artist, or closed). */
export function newFreedSlots(d1: D1Database, limit = 20) {
  return drizzle(d1)
    .select()
    .from(freedSlots)
    .where(eq(freedSlots.status, "new"))
    .orderBy(asc(freedSlots.startsAt))
    .limit(limit);
}

export async function freedSlotById(d1: D1Database, id: string): Promise<FreedSlot | undefined> {
  const [row] = await drizzle(d1).select().from(freedSlots).where(eq(freedSlots.id, id)).limit(1);
  return row;
}

/** Moves a freed time on from one status to another; whether it was still in the first. */
export async function setFreedStatus(
  d1: D1Database,
  id: string,
  from: readonly FreedSlot["status"][],
  to: FreedSlot["status"],
): Promise<boolean> {
  const rows = await drizzle(d1)
    .update(freedSlots)
    .set({ status: to })
    .where(and(eq(freedSlots.id, id), inArray(freedSlots.status, [...from])))
    .returning({ id: freedSlots.id });
  return rows.length > 0;
}

/** The freed times the artist has to approve, soonest first. */
export function awaitingSlots(d1: D1Database, now: string) {
  return drizzle(d1)
    .select()
    .from(freedSlots)
    .where(and(eq(freedSlots.status, "awaiting"), gte(freedSlots.startsAt, now)))
    .orderBy(asc(freedSlots.startsAt));
}

/** A client who may be offered a time: their wishes and the length of their accepted quote. */
export interface AlertCandidate {
  submissionId: string;
  name: string;
  weekdays: string;
  dayParts: string;
  dates: string;
  sessionMinutes: number;
}

/**
 * The clients waiting for a sooner time whose accepted quote's session fits in `minutes` and who
 * hold no session before `startsAt` (a later one they would move), the freed session's own
 * client left out, longest-waiting first.
 */
export async function alertCandidates(
  d1: D1Database,
  slot: { startsAt: string; minutes: number; bookingId: string },
): Promise<AlertCandidate[]> {
  const { results } = await d1
    .prepare(
      `SELECT a.submission_id AS submissionId, r.name AS name, a.weekdays AS weekdays,
         a.day_parts AS dayParts, a.dates AS dates, q.session_minutes AS sessionMinutes
       FROM slot_alerts a
       JOIN consultation_requests r ON r.id = a.submission_id
       JOIN quotes q ON q.id = (SELECT id FROM quotes WHERE submission_id = a.submission_id
         AND status = 'accepted' ORDER BY created_at DESC LIMIT 1)
       WHERE q.session_minutes <= ?2
         AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.submission_id = a.submission_id
           AND b.status = 'booked' AND b.starts_at <= ?1)
         AND a.submission_id IS NOT (SELECT submission_id FROM bookings WHERE id = ?3)
       ORDER BY a.updated_at ASC LIMIT 200`,
    )
    .bind(slot.startsAt, slot.minutes, slot.bookingId)
    .all<AlertCandidate>();
  return results;
}

/**
 * Offers a freed time to the clients named, in one batch: the time marked offered (only from
 * "new" or "awaiting", so a second approval offers nothing twice), each client's offer and its
 * e-mail. Whether the time was offered by this call.
 */
export async function offerSlot(
  d1: D1Database,
  input: { slotId: string; submissionIds: readonly string[]; expiresAt: string; now: string },
): Promise<boolean> {
  const mark = d1
    .prepare(
      `UPDATE freed_slots SET status = 'offered', offered_at = ?2, expires_at = ?3
       WHERE id = ?1 AND status IN ('new', 'awaiting')`,
    )
    .bind(input.slotId, input.now, input.expiresAt);
  const offers = input.submissionIds.flatMap((submissionId) => {
    const id = crypto.randomUUID();
    return [
      d1
        .prepare(
          `INSERT INTO slot_offers (id, freed_slot_id, submission_id, created_at)
           SELECT ?1, ?2, ?3, ?4 WHERE EXISTS (SELECT 1 FROM freed_slots WHERE id = ?2 AND offered_at = ?4)
           ON CONFLICT DO NOTHING`,
        )
        .bind(id, input.slotId, submissionId, input.now),
      d1
        .prepare(
          `INSERT INTO mail_queue (id, kind, subject_id, topic, request_id, next_attempt_at, created_at, updated_at)
           SELECT lower(hex(randomblob(16))), '${offerMailKind}', ?1, 'offer', ?2, ?3, ?3, ?3
           WHERE EXISTS (SELECT 1 FROM slot_offers WHERE id = ?1)
           ON CONFLICT DO NOTHING`,
        )
        .bind(id, submissionId, input.now),
    ];
  });
  const [marked] = await d1.batch([mark, ...offers]);
  return (marked?.meta.changes ?? 0) > 0;
}

/** An offer by the hash of its link's token, with its freed time and whose booking took it. */
export async function offerByTokenHash(d1: D1Database, tokenHash: string) {
  const [row] = await drizzle(d1)
    .select({
      offer: slotOffers,
      slot: freedSlots,
      takenBy: sql<
        string | null
      >`(SELECT submission_id FROM bookings WHERE id = ${freedSlots.takenBookingId})`,
    })
    .from(slotOffers)
    .innerJoin(freedSlots, eq(freedSlots.id, slotOffers.freedSlotId))
    .where(eq(slotOffers.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** What an offer's e-mail needs: the offer, its time, its client and their live sealed link. */
export async function offerMailSubject(d1: D1Database, offerId: string) {
  const db = drizzle(d1);
  const [row] = await db
    .select({
      offer: slotOffers,
      slot: freedSlots,
      name: consultationRequests.name,
      email: consultationRequests.email,
    })
    .from(slotOffers)
    .innerJoin(freedSlots, eq(freedSlots.id, slotOffers.freedSlotId))
    .innerJoin(consultationRequests, eq(consultationRequests.id, slotOffers.submissionId))
    .where(eq(slotOffers.id, offerId))
    .limit(1);
  if (!row) return undefined;
  const [link] = await db
    .select({ threadToken: requestStatusLinks.threadToken })
    .from(requestStatusLinks)
    .where(
      and(eq(requestStatusLinks.submissionId, row.offer.submissionId), isNull(requestStatusLinks.revokedAt)),
    )
    .orderBy(desc(requestStatusLinks.createdAt))
    .limit(1);
  return { ...row, sealedToken: link?.threadToken ?? null };
}

/** Stores the hash of the token the offer's e-mail about to be sent carries: only the newest works. */
export async function setOfferTokenHash(d1: D1Database, offerId: string, hash: string) {
  await drizzle(d1).update(slotOffers).set({ tokenHash: hash }).where(eq(slotOffers.id, offerId));
}

/** The client's wishes, or undefined. */
export async function alertOf(d1: D1Database, submissionId: string) {
  const [row] = await drizzle(d1).select().from(slotAlerts).where(eq(slotAlerts.submissionId, submissionId));
  return row;
}

export async function saveAlert(
  d1: D1Database,
  alert: { submissionId: string; weekdays: number[]; dayParts: string[]; dates: string[]; now: string },
) {
  const values = {
    weekdays: JSON.stringify(alert.weekdays),
    dayParts: JSON.stringify(alert.dayParts),
    dates: JSON.stringify(alert.dates),
    updatedAt: alert.now,
  };
  await drizzle(d1)
    .insert(slotAlerts)
    .values({ submissionId: alert.submissionId, ...values })
    .onConflictDoUpdate({ target: slotAlerts.submissionId, set: values });
}

export async function deleteAlert(d1: D1Database, submissionId: string) {
  await drizzle(d1).delete(slotAlerts).where(eq(slotAlerts.submissionId, submissionId));
}

export async function readOfferMode(d1: D1Database): Promise<OfferMode | null> {
  const [row] = await drizzle(d1).select().from(offerSettings).where(eq(offerSettings.id, "studio"));
  return row?.mode ?? null;
}

export async function writeOfferMode(d1: D1Database, mode: OfferMode, now: string) {
  await drizzle(d1)
    .insert(offerSettings)
    .values({ id: "studio", mode, updatedAt: now })
    .onConflictDoUpdate({ target: offerSettings.id, set: { mode, updatedAt: now } });
}

/** Freed times taken by a client they were offered to, since `since` (all time when null). */
export async function refilledSince(d1: D1Database, since: string | null): Promise<number> {
  const row = await d1
    .prepare("SELECT count(*) AS n FROM freed_slots WHERE via_offer = 1 AND (?1 IS NULL OR taken_at >= ?1)")
    .bind(since)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** A request's newest accepted quote's session length, or null when none is accepted. */
export async function acceptedQuoteMinutes(d1: D1Database, submissionId: string): Promise<number | null> {
  const row = await d1
    .prepare(
      "SELECT session_minutes AS minutes FROM quotes WHERE submission_id = ? AND status = 'accepted' ORDER BY created_at DESC LIMIT 1",
    )
    .bind(submissionId)
    .first<{ minutes: number }>();
  return row?.minutes ?? null;
}
