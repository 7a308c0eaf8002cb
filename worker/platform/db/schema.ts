import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { SubmissionKindName } from "../../../shared/submission-kinds";
import { consultationRequests, contactSubmissions } from "../../features/requests/kind-tables";
import type { CommonSubmissionTable } from "../../features/requests/tables";
import { checkOneOf, createdGiven, keyedCount, statusColumn, textId, updatedGiven } from "./columns";

export * from "../../features/aftercare/tables";
export * from "../../features/booking/feed-tables";
export * from "../../features/booking/mail-tables";
export * from "../../features/booking/tables";
export * from "../../features/clients/tables";
export * from "../../features/content/tables";
export * from "../../features/conversation/tables";
export * from "../../features/photos/tables";
export * from "../../features/quotes-and-deposits/card-tables";
export * from "../../features/reference-images/tables";
export * from "../../features/release-forms/tables";
export * from "../../features/request-status/tables";
export * from "../../features/requests/kind-tables";
export * from "../../features/sign-in/passkey-tables";
/**
 * The drizzle schema, source of every migration (`npm run db:generate`). This file holds the
 * submission pipeline (the mail queue, idempotency keys and the rate-limit windows; each
 * kind's table is in submission-tables.ts); the other features' tables live beside it. The
 * measurements have a database of their own (metrics-schema.ts).
 */
export * from "../../features/sign-in/tables";
export * from "../../features/texts/tables";
export * from "../../features/waitlist/offer-tables";
export * from "../../features/waitlist/tables";
export * from "./push-tables";

/** Each kind's table by name; a kind without its table here fails the typecheck. */
export const submissionTables = {
  consultation: consultationRequests,
  contact: contactSubmissions,
} satisfies Record<SubmissionKindName, unknown>;

/** A kind's table typed by what every kind shares, for queries that serve any kind. */
export const tableOf = (kind: SubmissionKindName) =>
  submissionTables[kind] as unknown as CommonSubmissionTable;

/**
 * Where a queued e-mail stands, for every kind of e-mail the studio sends:
 * pending (queued) -> sending (claimed by one run, until its lease ends) -> sent | retry (a send
 * failed; waits for next_attempt_at) -> ... -> failed (gave up after the attempt limit, or what
 * it was about is gone) | stopped (no longer wanted: a client who opted out).
 */
export const mailStatuses = ["pending", "sending", "retry", "sent", "failed", "stopped"] as const;
export type MailStatus = (typeof mailStatuses)[number];

/**
 * The one mail queue (docs/decisions/027-one-mail-queue.md): one row per e-mail, written in the
 * same D1 batch as the change it tells of, sent by the runner in worker/platform/mail-queue.ts.
 * A row holds no copy of the message: `kind` names the descriptor that renders it at send time
 * from `subject_id` (the submission, booking, message, link... it is about) and `topic` (which
 * e-mail of that subject: a booking's "reminder-48", a submission's kind). An e-mail about a
 * consultation request names it in `request_id`, and goes when the request is deleted.
 */
export const mailQueue = sqliteTable(
  "mail_queue",
  {
    id: textId(),
    kind: text("kind").notNull(),
    subjectId: text("subject_id").notNull(),
    topic: text("topic").notNull().default(""),
    requestId: text("request_id").references(() => consultationRequests.id, { onDelete: "cascade" }),
    status: statusColumn(mailStatuses, "pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at").notNull(),
    /** While `sending`: when the claim lapses and another run may try again. */
    leaseUntil: text("lease_until"),
    lastAttemptAt: text("last_attempt_at"),
    lastError: text("last_error"),
    provider: text("provider"),
    providerMessageId: text("provider_message_id"),
    sentAt: text("sent_at"),
    createdAt: createdGiven(),
    updatedAt: updatedGiven(),
  },
  (table) => [
    checkOneOf("mail_queue_status_check", table.status, mailStatuses),
    uniqueIndex("mail_queue_once_idx").on(table.kind, table.subjectId, table.topic),
    index("mail_queue_due_idx").on(table.status, table.nextAttemptAt),
    index("mail_queue_request_idx").on(table.requestId),
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
    createdAt: createdGiven(),
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
    ...keyedCount(),
    windowStart: integer("window_start").notNull(),
  },
  (table) => [index("rate_limit_windows_start_idx").on(table.windowStart)],
);

export type QueuedMail = typeof mailQueue.$inferSelect;
