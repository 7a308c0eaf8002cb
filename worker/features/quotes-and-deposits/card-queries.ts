import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { firstRow, newestOfRequest } from "../../platform/db/first-row";
import { type AuditActor, requestAuditEntry } from "../../platform/db/request-audit";
import { bookings, savedCards, sessionFees } from "../../platform/db/schema";
import type { SessionFeeKind } from "./card-tables";
import type { StripeEventOutcome } from "./queries";

/** The e-mail queue's kind and topic of a fee's receipt to the client (the card money mail). */
export const feeReceiptMail = { kind: "deposit", topic: "fee-receipt" } as const;

/** A setup session opened for the request since `since` and not yet completed, to reuse. */
export async function pendingCardSetupOf(d1: D1Database, submissionId: string, since: string) {
  return newestOfRequest(
    d1,
    savedCards,
    submissionId,
    and(eq(savedCards.status, "pending"), gte(savedCards.createdAt, since)),
  );
}

/** The request's Stripe Customer, from any setup it opened: one Customer per request. */
export async function customerOf(d1: D1Database, submissionId: string): Promise<string | null> {
  const [row] = await drizzle(d1)
    .select({ customer: savedCards.stripeCustomerId })
    .from(savedCards)
    .where(eq(savedCards.submissionId, submissionId))
    .orderBy(desc(savedCards.createdAt))
    .limit(1);
  return row?.customer ?? null;
}

export async function insertCardSetup(
  d1: D1Database,
  setup: {
    id: string;
    submissionId: string;
    stripeCustomerId: string;
    stripeSessionId: string;
    createdAt: string;
  },
) {
  await drizzle(d1)
    .insert(savedCards)
    .values({ ...setup, status: "pending" });
}

export function cardSetupById(d1: D1Database, id: string) {
  return firstRow(d1, savedCards, eq(savedCards.id, id));
}

export function cardSetupBySession(d1: D1Database, sessionId: string) {
  return firstRow(d1, savedCards, eq(savedCards.stripeSessionId, sessionId));
}

/**
 * Records the event and saves the card in one batch: the card only when the event row was
 * inserted by this very batch (a replay's is older) and the setup is still pending (the other of
 * its two events may have saved it first). "applied" when the card was saved now.
 */
export async function applySavedCard(
  d1: D1Database,
  input: {
    eventId: string;
    type: string;
    setupId: string;
    card: { paymentMethodId: string; brand: string; last4: string; expMonth: number; expYear: number };
    now: string;
  },
): Promise<StripeEventOutcome> {
  const [recorded, saved] = await d1.batch([
    d1
      .prepare(
        "INSERT INTO stripe_events (id, type, received_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING RETURNING id",
      )
      .bind(input.eventId, input.type, input.now),
    d1
      .prepare(
        `UPDATE saved_cards SET status = 'saved', stripe_payment_method_id = ?, brand = ?, last4 = ?,
           exp_month = ?, exp_year = ?, saved_at = ?
         WHERE id = ? AND status = 'pending'
           AND EXISTS (SELECT 1 FROM stripe_events WHERE id = ? AND received_at = ?)
         RETURNING id`,
      )
      .bind(
        input.card.paymentMethodId,
        input.card.brand,
        input.card.last4,
        input.card.expMonth,
        input.card.expYear,
        input.now,
        input.setupId,
        input.eventId,
        input.now,
      ),
  ]);
  if ((recorded?.results.length ?? 0) === 0) return "replayed";
  return (saved?.results.length ?? 0) === 1 ? "applied" : "ignored";
}

/** The card on file for a request: the latest one saved, or null. */
export function savedCardOf(d1: D1Database, submissionId: string) {
  return newestOfRequest(d1, savedCards, submissionId, eq(savedCards.status, "saved"), savedCards.savedAt);
}

/** The fee recorded for a session, or null. */
export function feeOfBooking(d1: D1Database, bookingId: string) {
  return firstRow(d1, sessionFees, eq(sessionFees.bookingId, bookingId));
}

export async function feeById(d1: D1Database, id: string) {
  return firstRow(d1, sessionFees, eq(sessionFees.id, id));
}

/**
 * Records a no-show or a late cancellation and claims its fee, in one batch: the fee row only if
 * the session has none (its unique index), and for a no-show only while the session is still
 * booked and has begun; then, only if that row went in, the no-show ends the session (cancelled,
 * by "no-show"), its deposit is forfeited as the published policy says, the inbox status goes back
 * to "contacted", and the change is audited. Returns the fee's id, or null when nothing was claimed.
 */
export async function claimNewFee(
  d1: D1Database,
  input: {
    submissionId: string;
    bookingId: string;
    kind: SessionFeeKind;
    amountCents: number;
    /** "not-charged" when there is no card on file to charge. */
    status: "charging" | "not-charged";
    actor: AuditActor;
    now: string;
  },
): Promise<string | null> {
  const id = crypto.randomUUID();
  const { bookingId, submissionId, now } = input;
  const guard =
    input.kind === "no-show"
      ? "status = 'booked' AND starts_at <= ?4"
      : "status = 'cancelled' AND cancelled_by = 'client' AND ?4 = ?4";
  const statements = [
    d1
      .prepare(
        `INSERT INTO session_fees (id, submission_id, booking_id, kind, amount_cents, status, actor_id, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?5, ?6, ?7, ?8, ?4, ?4
         WHERE EXISTS (SELECT 1 FROM bookings WHERE id = ?3 AND submission_id = ?2 AND ${guard})
         ON CONFLICT (booking_id) DO NOTHING`,
      )
      .bind(id, submissionId, bookingId, now, input.kind, input.amountCents, input.status, input.actor.id),
  ];
  if (input.kind === "no-show") {
    statements.push(
      d1
        .prepare(
          `UPDATE bookings SET status = 'cancelled', cancelled_at = ?1, cancelled_by = 'no-show'
           WHERE id = ?2 AND status = 'booked' AND EXISTS (SELECT 1 FROM session_fees WHERE id = ?3)`,
        )
        .bind(now, bookingId, id),
      d1
        .prepare(
          `UPDATE deposits SET status = 'forfeited', settled_at = ?1
           WHERE submission_id = ?2 AND status = 'paid' AND EXISTS (SELECT 1 FROM session_fees WHERE id = ?3)`,
        )
        .bind(now, submissionId, id),
      d1
        .prepare(
          `UPDATE consultation_requests SET status = 'contacted', updated_at = ?1
           WHERE id = ?2 AND EXISTS (SELECT 1 FROM session_fees WHERE id = ?3)`,
        )
        .bind(now, submissionId, id),
    );
  }
  const audit = requestAuditEntry(input.actor, submissionId, {
    action: input.kind,
    toValue: `${input.amountCents} cents, ${input.status === "charging" ? "to charge to the card on file" : "no card on file"}`,
    at: now,
  });
  statements.push(
    d1
      .prepare(
        `INSERT INTO audit_log (admin_id, admin_email, entity, entity_id, action, from_value, to_value, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, NULL, ?6, ?7 WHERE EXISTS (SELECT 1 FROM session_fees WHERE id = ?8)`,
      )
      .bind(
        audit.adminId,
        audit.adminEmail,
        audit.entity,
        audit.entityId,
        audit.action,
        audit.toValue,
        now,
        id,
      ),
  );
  const [inserted] = await d1.batch(statements);
  if ((inserted?.meta.changes ?? 0) !== 1) return null;
  return id;
}

/**
 * Claims a fee for another attempt: a failed one, or one left `charging` for longer than a charge
 * takes (the worker stopped between asking Stripe and writing down the answer); once, as a second
 * click finds it `charging` again. A decline moves on to the next attempt's idempotency key; Stripe
 * out of reach, or an answer never written down, keeps the same key, since that attempt may have
 * reached Stripe and been charged: Stripe then answers with that charge instead of making another.
 */
export async function claimRetry(d1: D1Database, feeId: string, now: string): Promise<boolean> {
  const stale = new Date(Date.parse(now) - staleChargeMs).toISOString();
  const result = await d1
    .prepare(
      `UPDATE session_fees SET updated_at = ?1,
         attempt = attempt + CASE WHEN status = 'failed' AND coalesce(failure_code, '') <> 'stripe_unreachable' THEN 1 ELSE 0 END,
         status = 'charging'
       WHERE id = ?2 AND (status = 'failed' OR (status = 'charging' AND coalesce(updated_at, created_at) < ?3))`,
    )
    .bind(now, feeId, stale)
    .run();
  return result.meta.changes === 1;
}

/** Longer than a charge can take (two Stripe calls of 15 seconds at most): a claim left older is stale. */
const staleChargeMs = 2 * 60_000;

/** The fee was charged: recorded with Stripe's id, and the client's receipt queued, in one batch. */
export async function settleCharged(
  d1: D1Database,
  fee: { id: string; submissionId: string },
  paymentIntentId: string,
  now: string,
) {
  await d1.batch([
    d1
      .prepare(
        `UPDATE session_fees SET status = 'charged', stripe_payment_intent_id = ?1, charged_at = ?2, updated_at = ?2,
           failure_code = NULL, failure_message = NULL
         WHERE id = ?3 AND status = 'charging'`,
      )
      .bind(paymentIntentId, now, fee.id),
    // The client's receipt, once per fee (the queue's unique index), only for a fee charged now.
    d1
      .prepare(
        `INSERT INTO mail_queue (id, kind, subject_id, topic, request_id, next_attempt_at, created_at, updated_at)
         SELECT ?1, ?2, id, ?3, submission_id, ?4, ?4, ?4 FROM session_fees
         WHERE id = ?5 AND status = 'charged' AND charged_at = ?4
         ON CONFLICT (kind, subject_id, topic) DO NOTHING`,
      )
      .bind(crypto.randomUUID(), feeReceiptMail.kind, feeReceiptMail.topic, now, fee.id),
  ]);
}

/** The charge failed: Stripe's reason kept for the artist, and the fee open to another attempt. */
export async function settleFailed(
  d1: D1Database,
  feeId: string,
  failure: { code: string; message: string; paymentIntentId: string | null },
  now: string,
) {
  await d1
    .prepare(
      `UPDATE session_fees SET status = 'failed', failure_code = ?1, failure_message = ?2,
         stripe_payment_intent_id = coalesce(?3, stripe_payment_intent_id), updated_at = ?4
       WHERE id = ?5 AND status = 'charging'`,
    )
    .bind(failure.code, failure.message.slice(0, 500), failure.paymentIntentId, now, feeId)
    .run();
}

/** What a fee's receipt e-mail needs: the fee, its session, its card and the client. */
export async function feeReceiptSubject(d1: D1Database, feeId: string) {
  const row = await d1
    .prepare(
      `SELECT f.id, f.kind, f.amount_cents AS amountCents, f.status, f.charged_at AS chargedAt,
              f.stripe_payment_intent_id AS paymentIntentId, f.submission_id AS submissionId,
              b.starts_at AS startsAt, r.name, r.email,
              c.brand, c.last4
       FROM session_fees f
       JOIN bookings b ON b.id = f.booking_id
       JOIN consultation_requests r ON r.id = f.submission_id
       LEFT JOIN saved_cards c ON c.id = (
         SELECT id FROM saved_cards WHERE submission_id = f.submission_id AND status = 'saved'
         ORDER BY saved_at DESC LIMIT 1)
       WHERE f.id = ?`,
    )
    .bind(feeId)
    .first<{
      id: string;
      kind: SessionFeeKind;
      amountCents: number;
      status: string;
      chargedAt: string | null;
      paymentIntentId: string | null;
      submissionId: string;
      startsAt: string;
      name: string;
      email: string;
      brand: string | null;
      last4: string | null;
    }>();
  return row ?? null;
}

/**
 * No-shows, late cancellations and the fees charged for them, recorded from `from` (inclusive) to
 * `to` (exclusive), both UTC ISO-8601: what a dashboard counts over a period. A fee that failed or
 * could not be charged counts its no-show or cancellation, and nothing to the total.
 */
export async function sessionFeeCounts(d1: D1Database, range: { from: string; to: string }) {
  const [row] = await drizzle(d1)
    .select({
      noShows: sql<number>`count(*) FILTER (WHERE ${sessionFees.kind} = 'no-show')`,
      lateCancellations: sql<number>`count(*) FILTER (WHERE ${sessionFees.kind} = 'late-cancellation')`,
      feesCharged: sql<number>`count(*) FILTER (WHERE ${sessionFees.status} = 'charged')`,
      feesChargedCents: sql<number>`coalesce(sum(${sessionFees.amountCents}) FILTER (WHERE ${sessionFees.status} = 'charged'), 0)`,
      feesFailed: sql<number>`count(*) FILTER (WHERE ${sessionFees.status} = 'failed')`,
    })
    .from(sessionFees)
    .where(and(gte(sessionFees.createdAt, range.from), lt(sessionFees.createdAt, range.to)));
  return {
    noShows: Number(row?.noShows ?? 0),
    lateCancellations: Number(row?.lateCancellations ?? 0),
    feesCharged: Number(row?.feesCharged ?? 0),
    feesChargedCents: Number(row?.feesChargedCents ?? 0),
    feesFailed: Number(row?.feesFailed ?? 0),
  };
}

/** The booking a fee would be for, with the request's name, for the artist's confirmation. */
export async function bookingForFee(d1: D1Database, bookingId: string) {
  return firstRow(d1, bookings, eq(bookings.id, bookingId));
}
