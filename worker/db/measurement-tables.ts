import { sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { utcNow } from "./columns";

// The measurement tables as they were in this database before measurements moved to a database
// of their own (metrics-schema.ts, METRICS_DB). Nothing writes or reads them any more; they are
// declared so that drizzle-kit never generates a migration dropping them, and retention empties
// them. Their rows are not copied to the new database.

/** Web-vitals field data posted by browsers to POST /api/metrics (no IP, no user agent string). */
/** @public */
export const legacyWebVitalReports = sqliteTable(
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
/** @public */
export const legacySiteEvents = sqliteTable(
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

/**
 * Client-side log entries posted to POST /api/logs: warn and above in production. No IP, no
 * user agent string; the page is stored as a path without its query string.
 */
/** @public */
export const legacyClientLogs = sqliteTable(
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
