import { sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
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

// ── Issue 6: the site's own measurements (below the shared block) ──────────────────────────

/**
 * Client-side log entries posted to POST /api/logs: warn and above in production. No IP, no
 * user agent string; the page is stored as a path without its query string.
 */
export const clientLogs = sqliteTable(
  "client_logs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    level: text("level", { enum: ["debug", "info", "warn", "error"] }).notNull(),
    message: text("message").notNull(),
    path: text("path"),
    /** Small JSON object of primitive extras (validated, size-limited). */
    extras: text("extras", { mode: "json" }).$type<Record<string, string | number | boolean | null>>(),
    sessionId: text("session_id"),
    /** The time the browser says the entry was written (informational only). */
    clientTime: text("client_time"),
    createdAt: text("created_at").notNull().default(utcNow),
  },
  (table) => [
    check("client_logs_level_check", sql`${table.level} IN ('debug', 'info', 'warn', 'error')`),
    index("client_logs_level_created_idx").on(table.level, table.createdAt),
    index("client_logs_created_idx").on(table.createdAt),
  ],
);

export type ConsultationRequest = typeof consultationRequests.$inferSelect;
export type ContactSubmission = typeof contactSubmissions.$inferSelect;
export type Admin = typeof admins.$inferSelect;
export type WebVitalReport = typeof webVitalReports.$inferSelect;
export type SiteEvent = typeof siteEvents.$inferSelect;
export type ClientLog = typeof clientLogs.$inferSelect;
