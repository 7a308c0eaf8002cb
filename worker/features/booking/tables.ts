import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { checkOneOf, createdNow, statusColumn, textId, timeSpan, utcNow } from "../../platform/db/columns";
import { newestOfRequestIndex, requestRowColumns } from "../requests/kind-tables";

/**
 * A request's path past the conversation (docs/decisions/020-quote-to-healed.md): the artist's
 * quote, the deposit that secures it, the booked session. Money is whole US cents; times are UTC
 * ISO-8601 (the studio's zone is applied when shown). Rows go with their request (retention).
 */

/** Where a quote stands: sent to the client, accepted by them, or withdrawn by the artist. */
export const quoteStatuses = ["sent", "accepted", "withdrawn"] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

export const quotes = sqliteTable(
  "quotes",
  {
    ...requestRowColumns(),
    /** A fixed price has min = max. */
    priceMinCents: integer("price_min_cents").notNull(),
    priceMaxCents: integer("price_max_cents").notNull(),
    sessions: integer("sessions").notNull(),
    sessionMinutes: integer("session_minutes").notNull(),
    depositCents: integer("deposit_cents").notNull(),
    /** The artist's words to the client with the quote, shown as text. */
    note: text("note"),
    status: statusColumn(quoteStatuses, "sent"),
    acceptedAt: text("accepted_at"),
    /**
     * The client's date of birth (YYYY-MM-DD), given when accepting: no deposit is taken before
     * it shows the studio's minimum age. It fills in the release form, and is cleared once that
     * form is signed (the sealed form keeps it).
     */
    clientBornOn: text("client_born_on"),
  },
  (table) => [
    checkOneOf("quotes_status_check", table.status, quoteStatuses),
    check(
      "quotes_price_check",
      sql`${table.priceMinCents} > 0 AND ${table.priceMaxCents} >= ${table.priceMinCents}`,
    ),
    check("quotes_sessions_check", sql`${table.sessions} BETWEEN 1 AND 20`),
    check("quotes_session_minutes_check", sql`${table.sessionMinutes} BETWEEN 30 AND 600`),
    check("quotes_deposit_check", sql`${table.depositCents} > 0`),
    newestOfRequestIndex("quotes_submission_idx", table),
  ],
);

/**
 * How a deposit was received: through Stripe Checkout, or marked by hand by the artist (cash at
 * the studio, or no Stripe keys configured).
 */
export const depositMethods = ["stripe", "by-hand"] as const;
/** `pending`: a Checkout session is open; `paid`; then at most one of the policy's outcomes. */
export const depositStatuses = ["pending", "paid", "forfeited", "half-kept", "refunded"] as const;
export type DepositStatus = (typeof depositStatuses)[number];

export const deposits = sqliteTable(
  "deposits",
  {
    ...requestRowColumns(),
    quoteId: text("quote_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    method: text("method", { enum: depositMethods }).notNull(),
    status: statusColumn(depositStatuses, "pending"),
    /** Stripe's Checkout session id (cs_...), when paid through Stripe. */
    stripeSessionId: text("stripe_session_id"),
    paidAt: text("paid_at"),
    settledAt: text("settled_at"),
  },
  (table) => [
    checkOneOf("deposits_method_check", table.method, depositMethods),
    checkOneOf("deposits_status_check", table.status, depositStatuses),
    check("deposits_amount_check", sql`${table.amountCents} > 0`),
    uniqueIndex("deposits_stripe_session_idx").on(table.stripeSessionId),
    newestOfRequestIndex("deposits_submission_idx", table),
  ],
);

/**
 * Each Stripe webhook event applied, by its id: inserting the id first makes a replayed event a
 * no-op. Kept 90 days, longer than Stripe retries an event.
 */
export const stripeEvents = sqliteTable("stripe_events", {
  id: textId(),
  type: text("type").notNull(),
  receivedAt: text("received_at").notNull().default(utcNow),
});

/** A booked session: `booked`, then `completed` (the artist marks it done) or `cancelled`. */
export const bookingStatuses = ["booked", "completed", "cancelled"] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

export const bookings = sqliteTable(
  "bookings",
  {
    ...requestRowColumns(),
    quoteId: text("quote_id").notNull(),
    ...timeSpan(),
    status: statusColumn(bookingStatuses, "booked"),
    cancelledAt: text("cancelled_at"),
    completedAt: text("completed_at"),
    /** When each reminder e-mail was queued, so the cron sends each once. */
    reminder48At: text("reminder_48_at"),
    reminder24At: text("reminder_24_at"),
    /**
     * The session's event in the client's calendar: a move keeps the UID of the session it
     * replaces and counts one more revision, so the calendar moves the event it has instead of
     * adding a second (RFC 5545 UID and SEQUENCE). Null on sessions from before: their own id.
     */
    calendarUid: text("calendar_uid"),
    calendarSequence: integer("calendar_sequence").notNull().default(0),
    /** The session this one replaced, when the client moved it. */
    movedFrom: text("moved_from"),
    /**
     * Who ended a cancelled session: the client ("client"), their move to another time ("move"),
     * or the artist ("artist"). The client's own changes are limited; the artist's never count.
     */
    cancelledBy: text("cancelled_by", { enum: ["client", "move", "artist"] }),
  },
  (table) => [
    checkOneOf("bookings_status_check", table.status, bookingStatuses),
    check("bookings_times_check", sql`${table.endsAt} > ${table.startsAt}`),
    newestOfRequestIndex("bookings_submission_idx", table),
    index("bookings_time_idx").on(table.status, table.startsAt),
    // A request holds one booked session at a time: two tabs cannot book it twice.
    uniqueIndex("bookings_one_live_idx").on(table.submissionId).where(sql`${table.status} = 'booked'`),
  ],
);

/** Days the artist is away (America/New_York calendar dates, YYYY-MM-DD): no slot is offered. */
export const blockedDates = sqliteTable("blocked_dates", {
  date: text("date").primaryKey(),
  note: text("note"),
  createdAt: createdNow(),
});

export type Quote = typeof quotes.$inferSelect;
export type Deposit = typeof deposits.$inferSelect;
export type Booking = typeof bookings.$inferSelect;
