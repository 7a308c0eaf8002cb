import { and, desc, eq, ne, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import { firstRow, hasRow, newestOfRequest } from "../../platform/db/first-row";
import { requestAuditEntry } from "../../platform/db/request-audit";
import { auditLog, deposits, type QuoteStatus, quotes, stripeEvents } from "../../platform/db/schema";

type NewQuote = typeof quotes.$inferInsert;
type Actor = { id: string; email: string };
/** The quote a client's form names, of the request whose private page it came from. */
type QuoteRef = { submissionId: string; quoteId: string };

/**
 * Saves the artist's quote: the request's open quote (sent or accepted) is withdrawn, the new one
 * stored and the change audited, in one batch, so a request never has two open quotes.
 */
export async function insertQuote(
  d1: D1Database,
  quote: NewQuote & { createdAt: string },
  actor: Actor,
  summary: string,
) {
  const db = drizzle(d1);
  await db.batch([
    db
      .update(quotes)
      .set({ status: "withdrawn" })
      .where(and(eq(quotes.submissionId, quote.submissionId), ne(quotes.status, "withdrawn"))),
    db.insert(quotes).values(quote),
    db.insert(auditLog).values(
      requestAuditEntry(actor, quote.submissionId, {
        action: "quote",
        fromValue: null,
        toValue: summary,
        at: quote.createdAt,
      }),
    ),
  ]);
}

/** The request's open quote (sent or accepted), or null. */
export function openQuoteOf(d1: D1Database, submissionId: string) {
  return newestOfRequest(d1, quotes, submissionId, ne(quotes.status, "withdrawn"));
}

/**
 * The client accepts the quote they saw, with their date of birth; false when it is no longer
 * the open, unaccepted one.
 */
export function acceptQuote(d1: D1Database, quote: QuoteRef, clientBornOn: string, now: string) {
  return changeQuoteAt(d1, quote, "sent", { status: "accepted", acceptedAt: now, clientBornOn });
}

/**
 * The client's date of birth on an accepted quote that has none (accepted before it was asked),
 * given on the payment button. False when the quote is no longer the accepted one.
 */
export function recordClientBirthDate(d1: D1Database, quote: QuoteRef, clientBornOn: string) {
  return changeQuoteAt(d1, quote, "accepted", {
    clientBornOn: sql`COALESCE(${quotes.clientBornOn}, ${clientBornOn})`,
  });
}

/**
 * Changes the request's quote only while it still stands at `status`, so a second tab or a late
 * click cannot act on a quote that has moved on; false when it had.
 */
async function changeQuoteAt(
  d1: D1Database,
  quote: QuoteRef,
  status: QuoteStatus,
  change: SQLiteUpdateSetSource<typeof quotes>,
) {
  const rows = await drizzle(d1)
    .update(quotes)
    .set(change)
    .where(
      and(
        eq(quotes.id, quote.quoteId),
        eq(quotes.submissionId, quote.submissionId),
        eq(quotes.status, status),
      ),
    )
    .returning({ id: quotes.id });
  return rows.length === 1;
}

/** Forgets the client's date of birth once the signed release form holds it (sealed). */
export async function forgetClientBirthDate(d1: D1Database, submissionId: string) {
  await drizzle(d1).update(quotes).set({ clientBornOn: null }).where(eq(quotes.submissionId, submissionId));
}

/** The deposit that secures the request, once paid (by Stripe or by hand), or null. */
export function paidDepositOf(d1: D1Database, submissionId: string) {
  return newestOfRequest(d1, deposits, submissionId, ne(deposits.status, "pending"), deposits.paidAt);
}

/** The latest Checkout session opened for a quote's deposit since `since`, still pending. */
export function pendingDepositOf(d1: D1Database, quoteId: string, since: string) {
  return firstRow(
    d1,
    deposits,
    and(
      eq(deposits.quoteId, quoteId),
      eq(deposits.status, "pending"),
      eq(deposits.method, "stripe"),
      sql`${deposits.createdAt} >= ${since}`,
    ),
    desc(deposits.createdAt),
  );
}

/** A new deposit row: which one, for which quote of which request, and how much. */
type DepositOfQuote = { id: string; submissionId: string; quoteId: string; amountCents: number };

/** A Checkout session just opened for a quote's deposit: pending until its webhook says paid. */
export async function insertPendingDeposit(
  d1: D1Database,
  deposit: DepositOfQuote & { stripeSessionId: string; createdAt: string },
) {
  await drizzle(d1)
    .insert(deposits)
    .values({ ...deposit, method: "stripe", status: "pending" });
}

/**
 * The artist received the deposit by hand (cash at the studio): a paid row, the quote accepted if
 * it was only sent, and the audit entry, in one batch. Refused (false) when a deposit is already
 * paid on the request, so a double click records one payment.
 */
export async function insertDepositByHand(
  d1: D1Database,
  deposit: DepositOfQuote & {
    /** The client's date of birth as the artist read it from their ID, when the quote has none. */
    clientBornOn: string | null;
    now: string;
  },
  actor: Actor,
): Promise<boolean> {
  const inserted = `EXISTS (SELECT 1 FROM deposits WHERE id = ?)`;
  const [row] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO deposits (id, submission_id, quote_id, amount_cents, method, status, created_at, paid_at)
         SELECT ?, ?, ?, ?, 'by-hand', 'paid', ?, ?
         WHERE NOT EXISTS (SELECT 1 FROM deposits WHERE submission_id = ? AND status <> 'pending')
         RETURNING id`,
      )
      .bind(
        deposit.id,
        deposit.submissionId,
        deposit.quoteId,
        deposit.amountCents,
        deposit.now,
        deposit.now,
        deposit.submissionId,
      ),
    d1
      .prepare(
        `UPDATE quotes SET status = 'accepted', accepted_at = ? WHERE id = ? AND status = 'sent' AND ${inserted}`,
      )
      .bind(deposit.now, deposit.quoteId, deposit.id),
    d1
      .prepare(`UPDATE quotes SET client_born_on = COALESCE(client_born_on, ?) WHERE id = ? AND ${inserted}`)
      .bind(deposit.clientBornOn, deposit.quoteId, deposit.id),
    d1
      .prepare(
        `INSERT INTO audit_log (admin_id, admin_email, entity, entity_id, action, from_value, to_value, created_at)
         SELECT ?, ?, 'consultation', ?, 'deposit', NULL, 'received by hand', ? WHERE ${inserted}`,
      )
      .bind(actor.id, actor.email, deposit.submissionId, deposit.now, deposit.id),
  ]);
  return (row?.results.length ?? 0) === 1;
}

export type StripeEventOutcome = "applied" | "replayed" | "ignored";

/**
 * Applies a paid Checkout session to its deposit, once: the event's id is inserted first and, in
 * the same transaction, the pending deposit of that session is marked paid only if the event was
 * new, the amount is the one the server asked for, and no other deposit of the request is paid
 * yet. A replay, an unknown session or a wrong amount changes nothing.
 */
export async function applyPaidSession(
  d1: D1Database,
  event: { id: string; type: string; sessionId: string; amountCents: number; now: string },
): Promise<StripeEventOutcome> {
  const db = drizzle(d1);
  const [recorded, paid] = await db.batch([
    db
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, receivedAt: event.now })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id }),
    db
      .update(deposits)
      .set({ status: "paid", paidAt: event.now })
      .where(
        and(
          eq(deposits.stripeSessionId, event.sessionId),
          eq(deposits.status, "pending"),
          eq(deposits.amountCents, event.amountCents),
          // The event row was inserted by this very batch (a replay's is older).
          sql`EXISTS (SELECT 1 FROM stripe_events WHERE id = ${event.id} AND received_at = ${event.now})`,
          sql`NOT EXISTS (SELECT 1 FROM deposits d WHERE d.submission_id = deposits.submission_id AND d.status <> 'pending')`,
          // Only for the quote the client accepted and still holds: money for a replaced or
          // withdrawn quote is never applied to the next one.
          sql`EXISTS (SELECT 1 FROM quotes q WHERE q.id = deposits.quote_id AND q.status = 'accepted')`,
          // Nor to a request the artist closed: its quote no longer stands.
          sql`NOT EXISTS (SELECT 1 FROM consultation_requests r WHERE r.id = deposits.submission_id AND r.status = 'cancelled')`,
        ),
      )
      .returning({ id: deposits.id }),
  ]);
  if (recorded.length === 0) return "replayed";
  if (paid.length !== 1) {
    // Money for one of the studio's own Checkout sessions that could not be applied (its quote
    // was replaced, the request closed, or it already has a deposit): the artist is told, to
    // refund it.
    await queueDepositMail(d1, "artist-unapplied", event.now, sql`stripe_session_id = ${event.sessionId}`);
    return "ignored";
  }
  // The artist's word of it, once per deposit (the queue's unique index).
  await queueDepositMail(d1, "artist-paid", event.now, sql`id = ${paid[0]?.id ?? ""}`);
  return "applied";
}

/** Queues the artist's e-mail about the deposit row matched, once per deposit and topic. */
async function queueDepositMail(
  d1: D1Database,
  topic: "artist-paid" | "artist-unapplied",
  now: string,
  which: ReturnType<typeof sql>,
) {
  await drizzle(d1).run(
    sql`INSERT INTO mail_queue (id, kind, subject_id, topic, request_id, next_attempt_at, created_at, updated_at)
        SELECT ${crypto.randomUUID()}, 'deposit', id, ${topic}, submission_id, ${now}, ${now}, ${now}
        FROM deposits WHERE ${which} LIMIT 1
        ON CONFLICT (kind, subject_id, topic) DO NOTHING`,
  );
}

/**
 * The request's Checkout sessions still waiting for a payment on a quote no longer open: one
 * replaced by a new quote, or any of a request the artist closed.
 */
export async function replacedCheckouts(d1: D1Database, submissionId: string): Promise<string[]> {
  const { results } = await d1
    .prepare(
      `SELECT d.stripe_session_id AS id FROM deposits d JOIN quotes q ON q.id = d.quote_id
         JOIN consultation_requests r ON r.id = d.submission_id
       WHERE d.submission_id = ? AND d.status = 'pending' AND d.stripe_session_id IS NOT NULL
         AND (q.status = 'withdrawn' OR r.status = 'cancelled')`,
    )
    .bind(submissionId)
    .all<{ id: string }>();
  return results.map((row) => row.id);
}

/** A deposit with its request's name and e-mail, for the artist's e-mails about it. */
export async function paidDepositSubject(d1: D1Database, depositId: string) {
  return d1
    .prepare(
      `SELECT d.id, d.submission_id AS submissionId, d.amount_cents AS amountCents, d.paid_at AS paidAt,
         d.method, r.name, r.email
       FROM deposits d JOIN consultation_requests r ON r.id = d.submission_id
       WHERE d.id = ?`,
    )
    .bind(depositId)
    .first<{
      id: string;
      submissionId: string;
      amountCents: number;
      paidAt: string | null;
      method: string;
      name: string;
      email: string;
    }>();
}

/** Records an event the worker has nothing to do with, so a replay of it is a no-op too. */
export async function recordStripeEvent(d1: D1Database, event: { id: string; type: string; now: string }) {
  const rows = await drizzle(d1)
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, receivedAt: event.now })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return rows.length === 1;
}

/** Whether a Stripe event was applied already: a replay is answered before Stripe is asked anything. */
export function stripeEventSeen(d1: D1Database, id: string): Promise<boolean> {
  return hasRow(d1, stripeEvents, eq(stripeEvents.id, id));
}
