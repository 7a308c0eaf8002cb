import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
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

/** Web-vitals field data posted by browsers to POST /api/metrics (no IP, no user agent string). */
export const webVitalReports = sqliteTable(
  "web_vital_reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** LCP, INP, CLS, FCP or TTFB. */
    name: text("name", { enum: ["LCP", "INP", "CLS", "FCP", "TTFB"] }).notNull(),
    value: real("value").notNull(),
    rating: text("rating", { enum: ["good", "needs-improvement", "poor"] }).notNull(),
    /** Page path without query string, e.g. "/gallery". */
    path: text("path").notNull(),
    navigationType: text("navigation_type"),
    /** effectiveType of the connection, e.g. "4g", or null. */
    connection: text("connection"),
    /** Random per-tab session id generated in the browser (not a user id). */
    sessionId: text("session_id").notNull(),
    createdAt: text("created_at").notNull().default(utcNow),
  },
  (table) => [
    check("web_vital_reports_name_check", sql`${table.name} IN ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')`),
    check("web_vital_reports_rating_check", sql`${table.rating} IN ('good', 'needs-improvement', 'poor')`),
    index("web_vital_reports_path_name_created_idx").on(table.path, table.name, table.createdAt),
    index("web_vital_reports_created_idx").on(table.createdAt),
  ],
);

/**
 * First-party analytics and A/B events posted to POST /api/events. A/B exposures use
 * type "ab_exposure" and conversions "ab_conversion", with experiment and variant set.
 */
export const siteEvents = sqliteTable(
  "site_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** e.g. "AI Feature Used", "Consultation Requested", "Scroll Depth", "ab_exposure", "ab_conversion". */
    type: text("type").notNull(),
    /** e.g. "homepage_cta_primary"; null for non-experiment events. */
    experiment: text("experiment"),
    /** e.g. "control", "gold-journey"; null for non-experiment events. */
    variant: text("variant"),
    /** Small JSON object of event properties (validated, size-limited). */
    properties: text("properties", { mode: "json" }).$type<Record<string, string | number | boolean>>(),
    path: text("path"),
    sessionId: text("session_id").notNull(),
    createdAt: text("created_at").notNull().default(utcNow),
  },
  (table) => [
    index("site_events_experiment_idx").on(table.experiment, table.variant, table.type),
    index("site_events_type_created_idx").on(table.type, table.createdAt),
    index("site_events_created_idx").on(table.createdAt),
  ],
);

// ---- Admin area (issue 7): sessions, sign-in throttling and the audit trail ----

/**
 * Server-side admin sessions: the signed cookie names one of these rows by its `sid` claim, so
 * signing out (or resetting a password) ends the session on the server and the old token is
 * refused. 30 minutes idle (last_seen_at) and 8 hours absolute (expires_at).
 */
export const adminSessions = sqliteTable(
  "admin_sessions",
  {
    id: text("id").primaryKey(),
    adminId: text("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    createdAt: text("created_at").notNull().default(utcNow),
    lastSeenAt: text("last_seen_at").notNull().default(utcNow),
    /** Absolute end of the session: created_at + 8 hours. */
    expiresAt: text("expires_at").notNull(),
    revokedAt: text("revoked_at"),
  },
  (table) => [index("admin_sessions_admin_idx").on(table.adminId)],
);

/**
 * Failed sign-in attempts, one row each, keyed by account ("email:<sha-256>") or by address
 * ("ip:<sha-256>"); hashed so the table keeps no e-mail address or IP address in clear.
 */
export const loginFailures = sqliteTable(
  "login_failures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    key: text("key").notNull(),
    createdAt: text("created_at").notNull().default(utcNow),
  },
  (table) => [
    index("login_failures_key_created_idx").on(table.key, table.createdAt),
    index("login_failures_created_idx").on(table.createdAt),
  ],
);

/** Every change an admin makes to a request or a message: who, when, what. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    adminId: text("admin_id").notNull(),
    adminEmail: text("admin_email").notNull(),
    /** "consultation" or "contact". */
    entity: text("entity", { enum: ["consultation", "contact"] }).notNull(),
    entityId: text("entity_id").notNull(),
    /** e.g. "status" or "notes". */
    action: text("action").notNull(),
    fromValue: text("from_value"),
    toValue: text("to_value"),
    createdAt: text("created_at").notNull().default(utcNow),
  },
  (table) => [
    check("audit_log_entity_check", sql`${table.entity} IN ('consultation', 'contact')`),
    index("audit_log_created_idx").on(table.createdAt),
    index("audit_log_entity_idx").on(table.entity, table.entityId),
  ],
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
export type AdminSession = typeof adminSessions.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
