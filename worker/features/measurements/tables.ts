import { sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdNow, keyedCount, rowNumber } from "../../platform/db/columns";

// The measurements database (METRICS_DB, migrations-metrics/, `npm run db:generate:metrics`):
// anonymous web-vitals, first-party events and browser logs, apart from the submissions so that
// no flood of them can fill the database the forms write to. None stores an IP address or a
// full user agent string.

/**
 * Web-vitals field data posted by browsers to POST /api/metrics: one row per web-vital per page
 * view, holding its latest value (no IP, no full user agent string, no referring page's path).
 */
export const webVitalReports = sqliteTable(
  "web_vital_reports",
  {
    id: rowNumber(),
    /** LCP, INP, CLS, FCP or TTFB. */
    name: text("name", { enum: ["LCP", "INP", "CLS", "FCP", "TTFB"] }).notNull(),
    value: real("value").notNull(),
    rating: text("rating", { enum: ["good", "needs-improvement", "poor"] }).notNull(),
    /** Page path without query string, e.g. "/gallery". */
    path: text("path").notNull(),
    navigationType: text("navigation_type"),
    /** effectiveType of the connection, e.g. "4g", or null. */
    connection: text("connection"),
    /** Estimated bandwidth in Mbit/s and round-trip time in ms, as the browser reports them. */
    downlink: real("downlink"),
    rtt: integer("rtt"),
    /** The browser's family only, e.g. "Chrome on Android (mobile)". */
    userAgent: text("user_agent"),
    viewportWidth: integer("viewport_width"),
    viewportHeight: integer("viewport_height"),
    /** The referring site's host name, without its path or query. */
    referrerHost: text("referrer_host"),
    /** How many performance entries the value was computed from. */
    entries: integer("entries"),
    /** Random per-tab session id generated in the browser (not a user id). */
    sessionId: text("session_id").notNull(),
    createdAt: createdNow(),
  },
  (table) => [
    check("web_vital_reports_name_check", sql`${table.name} IN ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')`),
    check("web_vital_reports_rating_check", sql`${table.rating} IN ('good', 'needs-improvement', 'poor')`),
    index("web_vital_reports_path_name_created_idx").on(table.path, table.name, table.createdAt),
    index("web_vital_reports_created_idx").on(table.createdAt),
    // The per-page-view cap looks up what a session already sent.
    index("web_vital_reports_session_idx").on(table.sessionId, table.path),
  ],
);

/**
 * First-party analytics and A/B events posted to POST /api/events. A/B exposures use
 * type "ab_exposure" and conversions "ab_conversion", with experiment and variant set.
 */
export const siteEvents = sqliteTable(
  "site_events",
  {
    id: rowNumber(),
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
    createdAt: createdNow(),
  },
  (table) => [
    index("site_events_experiment_idx").on(table.experiment, table.variant, table.type),
    index("site_events_type_created_idx").on(table.type, table.createdAt),
    index("site_events_created_idx").on(table.createdAt),
    // A conversion is kept only after an exposure in the same session: looked up by session.
    index("site_events_session_idx").on(table.sessionId, table.type),
  ],
);

/**
 * Client-side log entries posted to POST /api/logs: warn and above in production. No IP, no
 * user agent string; the page is stored as a path without its query string.
 */
export const clientLogs = sqliteTable(
  "client_logs",
  {
    id: rowNumber(),
    level: text("level", { enum: ["debug", "info", "warn", "error"] }).notNull(),
    message: text("message").notNull(),
    path: text("path"),
    /** Small JSON object of primitive extras (validated, size-limited). */
    extras: text("extras", { mode: "json" }).$type<Record<string, string | number | boolean | null>>(),
    sessionId: text("session_id"),
    /** The time the browser says the entry was written (informational only). */
    clientTime: text("client_time"),
    createdAt: createdNow(),
  },
  (table) => [
    check("client_logs_level_check", sql`${table.level} IN ('debug', 'info', 'warn', 'error')`),
    index("client_logs_level_created_idx").on(table.level, table.createdAt),
    index("client_logs_created_idx").on(table.createdAt),
  ],
);

/**
 * Rows of measurements stored per visitor (an IPv4 address or IPv6 /64) per UTC day, under a
 * keyed hash of visitor and day: the daily cap. The count is of rows asked for, so concurrent
 * requests can never share out more than the cap. Retention drops past days.
 */
export const measurementQuotas = sqliteTable(
  "measurement_quotas",
  {
    ...keyedCount(),
    /** The UTC day, "YYYY-MM-DD". */
    day: text("day").notNull(),
  },
  (table) => [index("measurement_quotas_day_idx").on(table.day)],
);
