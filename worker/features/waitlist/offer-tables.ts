import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  checkOneOf,
  createdNow,
  statusColumn,
  textId,
  timeSpan,
  updatedGiven,
} from "../../platform/db/columns";
import { requestOwner } from "../requests/kind-tables";

/**
 * Freed-slot offers (docs/decisions/039-freed-slot-offers.md): clients with an accepted quote who
 * asked to hear of a sooner time, the times that cancellations and moves free, and the private
 * offer of each freed time to the clients it suits. Whoever books it first (through the booking
 * claim, the one race-safe write) has it; the others are told it has gone.
 */

/** The days of the week a client can come (0 = Sunday), the parts of the day, or dates. */
export const slotAlerts = sqliteTable("slot_alerts", {
  /** One per request: its client, for the quote it holds. */
  submissionId: requestOwner().primaryKey(),
  /** JSON arrays: weekdays (0-6), parts of the day ("morning", "afternoon", "evening"), dates (YYYY-MM-DD). */
  weekdays: text("weekdays").notNull(),
  dayParts: text("day_parts").notNull(),
  dates: text("dates").notNull(),
  updatedAt: updatedGiven(),
});

/** new: not yet handled; awaiting: the artist approves each; offered; closed: taken, expired or not offered. */
export const freedSlotStatuses = ["new", "awaiting", "offered", "closed"] as const;
export type FreedSlotStatus = (typeof freedSlotStatuses)[number];

export const freedSlots = sqliteTable(
  "freed_slots",
  {
    id: textId(),
    /** The cancelled (or moved) session whose time this is: one freed slot per session. */
    bookingId: text("booking_id").notNull(),
    ...timeSpan(),
    status: statusColumn(freedSlotStatuses, "new"),
    createdAt: createdNow(),
    offeredAt: text("offered_at"),
    /** Until when its offers can be taken. */
    expiresAt: text("expires_at"),
    /** The booking that took the time, and whether its client had been offered it (a refill). */
    takenBookingId: text("taken_booking_id"),
    takenAt: text("taken_at"),
    viaOffer: integer("via_offer"),
  },
  (table) => [
    checkOneOf("freed_slots_status_check", table.status, freedSlotStatuses),
    uniqueIndex("freed_slots_booking_idx").on(table.bookingId),
    index("freed_slots_status_idx").on(table.status, table.startsAt),
    index("freed_slots_taken_idx").on(table.takenAt),
  ],
);

/** One client's offer of one freed time: its link's token kept only as a hash. */
export const slotOffers = sqliteTable(
  "slot_offers",
  {
    id: textId(),
    freedSlotId: text("freed_slot_id")
      .notNull()
      .references(() => freedSlots.id, { onDelete: "cascade" }),
    submissionId: requestOwner(),
    /** SHA-256 (hex) of the link's token, set when the e-mail is written (each attempt its own). */
    tokenHash: text("token_hash"),
    createdAt: createdNow(),
  },
  (table) => [
    uniqueIndex("slot_offers_one_idx").on(table.freedSlotId, table.submissionId),
    uniqueIndex("slot_offers_token_idx").on(table.tokenHash),
    index("slot_offers_submission_idx").on(table.submissionId),
  ],
);

/** Whether freed times are offered: automatically, after the artist's approval, or not at all. */
export const offerModes = ["auto", "approve", "off"] as const;
export type OfferMode = (typeof offerModes)[number];

/** The studio's one settings row (id "studio"). */
export const offerSettings = sqliteTable(
  "offer_settings",
  {
    id: textId(),
    mode: text("mode", { enum: offerModes }).notNull(),
    updatedAt: updatedGiven(),
  },
  (table) => [checkOneOf("offer_settings_mode_check", table.mode, offerModes)],
);

export type FreedSlot = typeof freedSlots.$inferSelect;
