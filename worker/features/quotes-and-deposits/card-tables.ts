import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { checkOneOf, statusColumn } from "../../platform/db/columns";
import { newestOfRequestIndex, requestRowColumns } from "../requests/kind-tables";

/**
 * The card a client keeps on file for their sessions, and the fees charged to it for a no-show or
 * a late cancellation (docs/decisions/038-card-on-file.md). Only Stripe's ids and what the client
 * recognises their card by (brand, last four digits, expiry) are kept: the card's number never
 * reaches the studio, Stripe's page takes it. Rows go with their request.
 */

/** `pending`: a setup-mode Checkout session is open; `saved` once Stripe reports it done. */
export const cardSetupStatuses = ["pending", "saved"] as const;

export const savedCards = sqliteTable(
  "saved_cards",
  {
    ...requestRowColumns(),
    /** Stripe's Customer (cus_...) the card is attached to: one per request, reused by its setups. */
    stripeCustomerId: text("stripe_customer_id").notNull(),
    /** The setup-mode Checkout session (cs_...) that saves it: applied once. */
    stripeSessionId: text("stripe_session_id").notNull(),
    status: statusColumn(cardSetupStatuses, "pending"),
    /** Stripe's PaymentMethod (pm_...) the fees are charged to, once saved. */
    stripePaymentMethodId: text("stripe_payment_method_id"),
    brand: text("brand"),
    last4: text("last4"),
    expMonth: integer("exp_month"),
    expYear: integer("exp_year"),
    savedAt: text("saved_at"),
  },
  (table) => [
    checkOneOf("saved_cards_status_check", table.status, cardSetupStatuses),
    uniqueIndex("saved_cards_session_idx").on(table.stripeSessionId),
    newestOfRequestIndex("saved_cards_submission_idx", table),
  ],
);

/** What the artist records: the client did not come, or cancelled within the notice window. */
export const sessionFeeKinds = ["no-show", "late-cancellation"] as const;
export type SessionFeeKind = (typeof sessionFeeKinds)[number];

/**
 * `charging` while Stripe is asked (a second click finds it and is refused), then `charged`,
 * `failed` (declined, or authentication the client must give: the reason is kept), or
 * `not-charged` (recorded with no card on file to charge).
 */
export const sessionFeeStatuses = ["charging", "charged", "failed", "not-charged"] as const;
export type SessionFeeStatus = (typeof sessionFeeStatuses)[number];

export const sessionFees = sqliteTable(
  "session_fees",
  {
    ...requestRowColumns(),
    /** The session it is for: one fee per session, ever (the unique index). */
    bookingId: text("booking_id").notNull(),
    kind: text("kind", { enum: sessionFeeKinds }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: statusColumn(sessionFeeStatuses, "charging"),
    /**
     * Which attempt this is: the idempotency key sent to Stripe is the fee's id and this number,
     * so a retry of the same attempt can never charge twice, and only a declined attempt moves on.
     */
    attempt: integer("attempt").notNull().default(1),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    /** Stripe's reason for a failed charge, as the artist is shown it. */
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    /** The artist who recorded it. */
    actorId: text("actor_id"),
    chargedAt: text("charged_at"),
    updatedAt: text("updated_at"),
  },
  (table) => [
    checkOneOf("session_fees_kind_check", table.kind, sessionFeeKinds),
    checkOneOf("session_fees_status_check", table.status, sessionFeeStatuses),
    check("session_fees_amount_check", sql`${table.amountCents} >= 0`),
    uniqueIndex("session_fees_booking_idx").on(table.bookingId),
    index("session_fees_created_idx").on(table.createdAt),
  ],
);

export type SavedCard = typeof savedCards.$inferSelect;
export type SessionFee = typeof sessionFees.$inferSelect;
