import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { consultationStatuses, contactStatuses } from "../../shared/statuses";

/** UTC ISO-8601 with milliseconds, set by the database so no client clock is trusted. */
const utcNow = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/** Consultation requests from /book-consultation (shell-and-admin.md 3). */
export const consultationRequests = sqliteTable(
  "consultation_requests",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    tattooIdea: text("tattoo_idea").notNull(),
    size: text("size"),
    placement: text("placement"),
    timeframe: text("timeframe"),
    experience: text("experience"),
    budget: text("budget"),
    availability: text("availability"),
    status: text("status", { enum: consultationStatuses }).notNull().default("pending"),
    createdAt: text("created_at").notNull().default(utcNow),
    updatedAt: text("updated_at").notNull().default(utcNow),
    adminNotes: text("admin_notes"),
  },
  (table) => [
    check("consultation_requests_status_check", sql`${table.status} IN (${inList(consultationStatuses)})`),
    index("consultation_requests_status_created_idx").on(table.status, table.createdAt),
    index("consultation_requests_created_idx").on(table.createdAt),
  ],
);

/** Messages from the contact form on /contact (shell-and-admin.md 3). */
export const contactSubmissions = sqliteTable(
  "contact_submissions",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    serviceInterest: text("service_interest"),
    message: text("message").notNull(),
    newsletterSignup: integer("newsletter_signup", { mode: "boolean" }).notNull().default(false),
    status: text("status", { enum: contactStatuses }).notNull().default("unread"),
    createdAt: text("created_at").notNull().default(utcNow),
    updatedAt: text("updated_at").notNull().default(utcNow),
    adminNotes: text("admin_notes"),
    respondedAt: text("responded_at"),
    respondedBy: text("responded_by"),
  },
  (table) => [
    check("contact_submissions_status_check", sql`${table.status} IN (${inList(contactStatuses)})`),
    check("contact_submissions_newsletter_check", sql`${table.newsletterSignup} IN (0, 1)`),
    index("contact_submissions_status_created_idx").on(table.status, table.createdAt),
    index("contact_submissions_created_idx").on(table.createdAt),
  ],
);

/** The artist's sign-in accounts (issue 7 builds sign-in on this table). */
export const admins = sqliteTable(
  "admins",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull().unique(),
    /** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`, peppered with a server secret. */
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["admin"] })
      .notNull()
      .default("admin"),
    createdAt: text("created_at").notNull().default(utcNow),
    updatedAt: text("updated_at").notNull().default(utcNow),
  },
  (table) => [check("admins_role_check", sql`${table.role} IN ('admin')`)],
);

export type ConsultationRequest = typeof consultationRequests.$inferSelect;
export type ContactSubmission = typeof contactSubmissions.$inferSelect;
export type Admin = typeof admins.$inferSelect;

/** Kinds of submission that queue a notification to the artist. */
export const submissionKinds = ["contact", "consultation"] as const;
export type SubmissionKind = (typeof submissionKinds)[number];

/**
 * Delivery states of a notification (DECISIONS.md: "saved first, queued, retried until
 * delivered, and its delivery state is visible to the artist"):
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
    submissionKind: text("submission_kind", { enum: submissionKinds }).notNull(),
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
    check("notification_outbox_kind_check", sql`${table.submissionKind} IN (${inList(submissionKinds)})`),
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
