import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { inList, utcNow } from "./columns";

/**
 * The e-mails about a booked session: the client's confirmation (with its calendar file's link),
 * the two reminders, the notice of a cancellation, and the artist's word of each booking and
 * cancellation. One row per e-mail, retried by the cron like the conversation's; a booking has at
 * most one of each kind (the unique index), so a reminder is queued once however often the cron
 * runs. Rows go with their request (retention).
 */
export const bookingMailKinds = [
  "confirmation",
  "reminder-48",
  "reminder-24",
  "cancelled",
  "artist-booked",
  "artist-cancelled",
] as const;
export type BookingMailKind = (typeof bookingMailKinds)[number];

export const bookingMailStatuses = ["pending", "sent", "failed"] as const;

export const bookingMail = sqliteTable(
  "booking_mail",
  {
    id: text("id").primaryKey(),
    bookingId: text("booking_id").notNull(),
    submissionId: text("submission_id").notNull(),
    kind: text("kind", { enum: bookingMailKinds }).notNull(),
    status: text("status", { enum: bookingMailStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at").notNull().default(utcNow),
    lastError: text("last_error"),
    createdAt: text("created_at").notNull().default(utcNow),
  },
  (table) => [
    check("booking_mail_kind_check", sql`${table.kind} IN (${inList(bookingMailKinds)})`),
    check("booking_mail_status_check", sql`${table.status} IN (${inList(bookingMailStatuses)})`),
    uniqueIndex("booking_mail_once_idx").on(table.bookingId, table.kind),
    index("booking_mail_due_idx").on(table.status, table.nextAttemptAt),
    index("booking_mail_submission_idx").on(table.submissionId),
  ],
);

export type BookingMail = typeof bookingMail.$inferSelect;
