import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { checkOneOf, createdNow, statusColumn, textId, updatedGiven } from "../../platform/db/columns";
import { consultationRequests, requestOwner } from "../requests/kind-tables";

/**
 * Text reminders (docs/decisions/036-text-reminders.md). A client turns them on from their
 * request's page with a mobile number confirmed by a code texted to it; the studio's settings
 * say when reminders go and what they read; every text in or out is a row of the log the
 * artist reads, kept 90 days. Rows of a request go with it.
 */

/** pending: a code was texted, not yet entered; on: confirmed; off: the client said STOP, or turned texts off. */
export const textOptInStatuses = ["pending", "on", "off"] as const;
export type TextOptInStatus = (typeof textOptInStatuses)[number];

export const textOptIns = sqliteTable(
  "text_opt_ins",
  {
    /** One per request: the client of that request. */
    submissionId: requestOwner().primaryKey(),
    /** E.164, as the provider takes it and as its inbound webhook names the sender. */
    phone: text("phone").notNull(),
    status: statusColumn(textOptInStatuses, "pending"),
    /** HMAC of the code under the worker's secret; the code itself is never stored. */
    codeHash: text("code_hash"),
    codeExpiresAt: text("code_expires_at"),
    /** Wrong codes entered against the current code. */
    codeAttempts: integer("code_attempts").notNull().default(0),
    /** Codes sent in the hour that began at `codes_window_start`. */
    codesSent: integer("codes_sent").notNull().default(0),
    codesWindowStart: text("codes_window_start"),
    confirmedAt: text("confirmed_at"),
    /** Why texts are off: the client's STOP, their page, or a number the provider refuses for good. */
    offReason: text("off_reason"),
    updatedAt: updatedGiven(),
  },
  (table) => [
    checkOneOf("text_opt_ins_status_check", table.status, textOptInStatuses),
    index("text_opt_ins_phone_idx").on(table.phone),
  ],
);

/**
 * The studio's text settings, one row (id 1): the reminders' hours before a session, the quiet
 * hours in the studio's zone, and the templates. Absent until the artist first saves; the
 * defaults (worker/features/texts/settings.ts) apply until then.
 */
export const textSettings = sqliteTable("text_settings", {
  id: integer("id").primaryKey(),
  /** JSON: hours before the session, e.g. [48, 2]. */
  reminderHours: text("reminder_hours").notNull(),
  /** "HH:MM" in the studio's zone: no text goes from `quiet_from` until `quiet_until`. */
  quietFrom: text("quiet_from").notNull(),
  quietUntil: text("quiet_until").notNull(),
  /** JSON: template name -> text with {placeholders}. */
  templates: text("templates").notNull(),
  updatedAt: updatedGiven(),
});

export const textDirections = ["out", "in"] as const;
/**
 * out: queued -> sent | retry -> ... -> failed (given up; the e-mail goes instead) | dropped (no
 * longer to send: the session moved or was cancelled, the client said STOP). in: received.
 */
export const textStatuses = ["queued", "retry", "sending", "sent", "failed", "dropped", "received"] as const;
export type TextStatus = (typeof textStatuses)[number];

/**
 * Every text in and out: the outbox of the reminders and codes, and the artist's log. The
 * number is kept as its last four digits only; a code's text is never kept; an incoming text
 * is kept as the keyword it carried (STOP, START, HELP) or "other", never its words.
 */
export const textMessages = sqliteTable(
  "text_messages",
  {
    id: textId(),
    submissionId: text("submission_id").references(() => consultationRequests.id, { onDelete: "cascade" }),
    direction: text("direction", { enum: textDirections }).notNull(),
    /** code, reminder, stop, start, help (the replies to those keywords), inbound. */
    kind: text("kind").notNull(),
    /** What it is about and which one: a reminder's booking and hours ("<booking>:48"); makes it once. */
    topic: text("topic"),
    phoneLast4: text("phone_last4").notNull(),
    /** What was (or will be) sent, for the log; null for a code. */
    body: text("body"),
    status: text("status", { enum: textStatuses }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** When to send (a reminder moved out of quiet hours), or try again. */
    sendAt: text("send_at").notNull(),
    leaseUntil: text("lease_until"),
    /** The provider's message SID: Twilio's for ours, the inbound webhook's for theirs (replays). */
    providerSid: text("provider_sid"),
    error: text("error"),
    createdAt: createdNow(),
    updatedAt: updatedGiven(),
  },
  (table) => [
    checkOneOf("text_messages_status_check", table.status, textStatuses),
    checkOneOf("text_messages_direction_check", table.direction, textDirections),
    uniqueIndex("text_messages_sid_idx").on(table.providerSid),
    uniqueIndex("text_messages_topic_idx").on(table.topic),
    index("text_messages_due_idx").on(table.status, table.sendAt),
    index("text_messages_request_idx").on(table.submissionId, table.createdAt),
    index("text_messages_created_idx").on(table.createdAt),
  ],
);

export type TextOptIn = typeof textOptIns.$inferSelect;
export type TextMessage = typeof textMessages.$inferSelect;
