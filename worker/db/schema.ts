import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { type SubmissionKindName, submissionKindNames } from "../../shared/submission-kinds";
import { inList } from "./columns";
import type { CommonSubmissionTable } from "./submission-table";
import { consultationRequests, contactSubmissions } from "./submission-tables";

/**
 * The drizzle schema, source of every migration (`npm run db:generate`). This file holds the
 * submission pipeline (the notification outbox, idempotency keys and the rate-limit windows; each
 * kind's table is in submission-tables.ts); the other features' tables live beside it. The
 * measurements have a database of their own (metrics-schema.ts).
 */
export * from "./admin-tables";
export * from "./aftercare-tables";
export * from "./booking-mail-tables";
export * from "./booking-tables";
export * from "./content-tables";
export * from "./message-tables";
export * from "./passkey-tables";
export * from "./photo-tables";
export * from "./reference-image-tables";
export * from "./release-form-tables";
export * from "./status-link-tables";
export * from "./submission-tables";
export * from "./waitlist-tables";

/** Each kind's table by name; a kind without its table here fails the typecheck. */
export const submissionTables = {
  consultation: consultationRequests,
  contact: contactSubmissions,
} satisfies Record<SubmissionKindName, unknown>;

/** A kind's table typed by what every kind shares, for queries that serve any kind. */
export const tableOf = (kind: SubmissionKindName) =>
  submissionTables[kind] as unknown as CommonSubmissionTable;

/**
 * The outbox's CHECK lists the kinds in the order its first migration wrote them; a different
 * order is a different constraint to drizzle-kit, and SQLite can change one only by rebuilding
 * the table. New kinds go at the end.
 */
const outboxKindOrder: readonly SubmissionKindName[] = ["contact", "consultation"];

/**
 * Delivery states of a notification: a submission is saved first, its notification queued and
 * retried until delivered, and the artist can see where it stands:
 * pending (queued) -> sending (claimed by one worker) -> sent | retry (waits for next_attempt_at)
 * -> ... -> failed (gave up after the attempt limit).
 */
export const outboxStatuses = ["pending", "sending", "retry", "sent", "failed"] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

/**
 * One notification per submission, written in the same D1 batch as the submission. The
 * message is rendered from the submission row at send time, so no personal data is copied.
 * The admin reads delivery state by (submission_kind, submission_id).
 */
export const notificationOutbox = sqliteTable(
  "notification_outbox",
  {
    id: text("id").primaryKey(),
    submissionKind: text("submission_kind", { enum: submissionKindNames }).notNull(),
    submissionId: text("submission_id").notNull(),
    status: text("status", { enum: outboxStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at").notNull(),
    /** While `sending`: when the claim lapses and another run may try again. */
    leaseUntil: text("lease_until"),
    lastAttemptAt: text("last_attempt_at"),
    lastError: text("last_error"),
    provider: text("provider"),
    providerMessageId: text("provider_message_id"),
    sentAt: text("sent_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (table) => [
    check("notification_outbox_status_check", sql`${table.status} IN (${inList(outboxStatuses)})`),
    check("notification_outbox_kind_check", sql`${table.submissionKind} IN (${inList(outboxKindOrder)})`),
    uniqueIndex("notification_outbox_submission_idx").on(table.submissionKind, table.submissionId),
    index("notification_outbox_due_idx").on(table.status, table.nextAttemptAt),
  ],
);

/**
 * Answers already given to an Idempotency-Key, per endpoint. The row is inserted in the same
 * batch as the submission, so two concurrent requests with one key can never both save.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of the request body: the same key with another body is refused. */
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code").notNull(),
    responseBody: text("response_body").notNull(),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index("idempotency_keys_expires_idx").on(table.expiresAt),
  ],
);

/**
 * Fixed-window submission counters per client address. The address is stored only as a keyed
 * hash, and the cron removes windows once they have ended.
 */
export const rateLimitWindows = sqliteTable(
  "rate_limit_windows",
  {
    key: text("key").primaryKey(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull(),
  },
  (table) => [index("rate_limit_windows_start_idx").on(table.windowStart)],
);

export type NotificationOutbox = typeof notificationOutbox.$inferSelect;
