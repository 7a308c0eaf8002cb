import { pageByPath } from "../routes";
import { userAgentFamilyPattern } from "../user-agent-family";
import { withoutHiddenCharacters } from "./fields";
import { z } from "./z";

/**
 * The site's own, anonymous measurements: web-vitals (POST /api/metrics), client logs
 * (POST /api/logs) and analytics/A-B events (POST /api/events). None carries an IP address,
 * a full user agent string or a user id; the session id is random per browser tab, and a
 * web-vitals report names only the browser's family ("Chrome on Android (mobile)").
 */

export const vitalNames = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
const vitalRatings = ["good", "needs-improvement", "poor"] as const;

/**
 * One of the site's own pages, as a path without query string or fragment: figures for paths
 * that do not exist would only be noise the artist has to read past.
 */
const pagePathSchema = z
  .string()
  .max(200)
  .regex(/^\/[^?#\s]*$/, { error: "Use a page path such as /gallery, without a query string." })
  .refine((path) => pageByPath(path) !== undefined, { error: "Use the path of one of the site's pages." });

/** Random per-tab id from crypto.randomUUID() (or a similar opaque token). */
const sessionIdSchema = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/**
 * The largest value a real page view can report: a minute for the timings (a page that takes
 * longer was abandoned), 10 for layout shift (a score, not a time).
 */
const vitalMaximum: Readonly<Record<(typeof vitalNames)[number], number>> = {
  LCP: 60_000,
  INP: 60_000,
  FCP: 60_000,
  TTFB: 60_000,
  CLS: 10,
};

const vitalMetricSchema = z
  .object({
    name: z.enum(vitalNames),
    value: z.number().min(0).max(60_000),
    rating: z.enum(vitalRatings),
    delta: z.number().min(-60_000).max(60_000).optional(),
    id: z.string().max(100).optional(),
    navigationType: z.string().max(40).optional(),
    /** The page, as a path or a URL of this site without query string (stored as the batch's path). */
    url: z.string().max(500).optional(),
    /** When the browser took the value (ms since the epoch; informational). */
    timestamp: z.number().optional(),
    metadata: z
      .object({
        navigationType: z.string().max(40).optional(),
        /** How many performance entries the value was computed from. */
        entries: z.number().int().min(0).max(10_000),
      })
      .optional(),
  })
  .refine((metric) => metric.value <= vitalMaximum[metric.name], {
    error: "This value is outside what a page can measure.",
    path: ["value"],
  });

export const metricsBatchSchema = z.object({
  /** One item per web-vitals metric; batches of up to 10. */
  metrics: z.array(vitalMetricSchema).min(1).max(10),
  session: z.object({
    id: sessionIdSchema,
    path: pagePathSchema,
    /** The connection's effective type ("4g"), or, as newer pages send it, type, speed and delay. */
    connection: z
      .union([
        z.string().max(20),
        z.object({
          effectiveType: z.string().max(20).nullable(),
          downlink: z.number().min(0).max(10_000).nullable(),
          rtt: z.number().min(0).max(60_000).nullable(),
        }),
      ])
      .nullable()
      .optional(),
    timestamp: z.number().optional(),
    /** Browser, system and device class only: a full user-agent string is refused. */
    userAgent: z.string().max(60).regex(userAgentFamilyPattern).optional(),
    /** Where the visit came from; only its host name is kept. */
    referrer: z.string().max(500).optional(),
    viewport: z
      .object({ width: z.number().int().min(0).max(20_000), height: z.number().int().min(0).max(20_000) })
      .optional(),
  }),
});
export type MetricsBatch = z.infer<typeof metricsBatchSchema>;

// Logs and events are read by the artist in the dashboard: their text may not hide characters.
const shownText = (max: number) => withoutHiddenCharacters(z.string().max(max), { multiline: true });
const primitive = z.union([shownText(200), z.number(), z.boolean(), z.null()]);
/** A small flat object of primitives: at most 12 keys and 1 KB once serialised. */
const smallRecord = <T extends z.ZodType>(value: T) =>
  z
    .record(z.string().max(40), value)
    .refine((record) => Object.keys(record).length <= 12, { error: "At most 12 properties." })
    .refine((record) => JSON.stringify(record).length <= 1024, { error: "Properties are too large." });

const logLevels = ["debug", "info", "warn", "error"] as const;
export type LogLevel = (typeof logLevels)[number];

export const logEntrySchema = z.object({
  level: z.enum(logLevels),
  message: withoutHiddenCharacters(z.string().trim().min(1).max(1000), { multiline: true }),
  timestamp: z.string().max(40).optional(),
  /** The page, as a path; a full URL is accepted and reduced to its path by the worker. */
  url: z.string().max(500).optional(),
  userAgent: z.string().max(400).optional(),
  sessionId: sessionIdSchema.optional(),
  extras: smallRecord(primitive).optional(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

const analyticsEventTypes = [
  "AI Feature Used",
  "Consultation Requested",
  "Personalization Engaged",
  "Scroll Depth",
  "Page Engagement",
  "ab_exposure",
  "ab_conversion",
] as const;
export type AnalyticsEventType = (typeof analyticsEventTypes)[number];

const slug = z
  .string()
  .max(60)
  .regex(/^[a-z0-9_-]+$/);

const siteEventSchema = z
  .object({
    type: z.enum(analyticsEventTypes),
    experiment: slug.optional(),
    variant: slug.optional(),
    properties: smallRecord(z.union([shownText(200), z.number(), z.boolean()])).optional(),
    path: pagePathSchema.optional(),
  })
  .refine((event) => !event.type.startsWith("ab_") || (event.experiment && event.variant), {
    error: "A/B events need an experiment and a variant.",
    path: ["experiment"],
  });

export const eventsBatchSchema = z.object({
  events: z.array(siteEventSchema).min(1).max(20),
  sessionId: sessionIdSchema,
});
export type EventsBatch = z.infer<typeof eventsBatchSchema>;
