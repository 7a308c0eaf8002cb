import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { inList, utcNow } from "./columns";
import { consultationRequests } from "./submission-tables";

/**
 * Aftercare after a completed session (docs/decisions/020-quote-to-healed.md, "Aftercare"): what
 * the client chose on the status page, and the reminder e-mails the cron queued. Both go with
 * their request (retention).
 */

/**
 * One row per request, written the first time the client chooses anything. Each choice is a
 * time or null, so the row says both what holds now and since when; taking a choice back clears
 * its time and stamps the withdrawal.
 */
export const aftercareChoices = sqliteTable("aftercare_choices", {
  submissionId: text("submission_id")
    .primaryKey()
    .references(() => consultationRequests.id, { onDelete: "cascade" }),
  /** When the client asked for the reminder e-mails; null while they get none. */
  remindersSince: text("reminders_since"),
  remindersStoppedAt: text("reminders_stopped_at"),
  /** When the client allowed the healed photo in the portfolio; null without that permission. */
  portfolioAllowedAt: text("portfolio_allowed_at"),
  portfolioWithdrawnAt: text("portfolio_withdrawn_at"),
  /**
   * The portfolio pieces the artist made from the client's photos (their content ids, a JSON
   * array), so that a withdrawn permission can name what to take down.
   */
  portfolioPieceIds: text("portfolio_piece_ids", { mode: "json" }).$type<string[]>().notNull().default([]),
  updatedAt: text("updated_at").notNull().default(utcNow),
});

/**
 * Where a reminder stands: queued, sent, given up after the attempt limit, or `stopped` because
 * the client opted out between queueing and sending.
 */
export const aftercareMailStatuses = ["pending", "sent", "failed", "stopped"] as const;
export type AftercareMailStatus = (typeof aftercareMailStatuses)[number];

/**
 * One row per reminder of a completed session: the unique (booking, day) pair makes each reminder
 * once however many cron runs see its day. Delivered like the other outboxes (claim, backoff,
 * attempt limit).
 */
export const aftercareMails = sqliteTable(
  "aftercare_mails",
  {
    id: text("id").primaryKey(),
    submissionId: text("submission_id").notNull(),
    bookingId: text("booking_id").notNull(),
    /** Day of healing the reminder is about (1, 3, 14 or 30). */
    day: integer("day").notNull(),
    createdAt: text("created_at").notNull().default(utcNow),
    mailStatus: text("mail_status", { enum: aftercareMailStatuses }).notNull().default("pending"),
    mailAttempts: integer("mail_attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at").notNull().default(utcNow),
    lastError: text("last_error"),
    sentAt: text("sent_at"),
  },
  (table) => [
    check("aftercare_mails_status_check", sql`${table.mailStatus} IN (${inList(aftercareMailStatuses)})`),
    uniqueIndex("aftercare_mails_booking_day_idx").on(table.bookingId, table.day),
    index("aftercare_mails_due_idx").on(table.mailStatus, table.nextAttemptAt),
    index("aftercare_mails_submission_idx").on(table.submissionId),
  ],
);

export type AftercareChoices = typeof aftercareChoices.$inferSelect;
