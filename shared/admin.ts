/**
 * Contracts between the admin API (worker/admin-api.ts) and the admin bundle (admin/): input
 * schemas, the sign-in messages and the dashboard formulas.
 */
import { z } from "./schemas/z";
import { type AnySubmissionKind, submissionKinds } from "./submission-kinds";

export { type AdminUser, loginMessages, SESSION_ENDS_HEADER } from "./admin-session";

import { loginMessages } from "./admin-session";

export const loginSchema = z.object({
  email: z.string({ error: loginMessages.missing }).trim().min(1, loginMessages.missing).max(254),
  // Bounded so nobody can make the worker hash megabytes; 1024 is far beyond any passphrase.
  password: z.string({ error: loginMessages.missing }).min(1, loginMessages.missing).max(1024),
});

/** Session lifetimes: signed out after 30 minutes idle, and after 8 hours whatever happens. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 8 * 60 * 60 * 1000;

/**
 * Sent by the admin screen with the requests it makes on its own (an open card asking whether
 * its request changed): they answer as usual but do not count as the artist being there, so a
 * screen left open still signs out after 30 minutes. A browser can only shorten its session so.
 */
export const BACKGROUND_HEADER = "X-Background-Check";
/**
 * Brute-force limit: this many failures within the window per address, and per account from
 * devices it has never signed in on.
 */
export const LOGIN_MAX_FAILURES = 5;
/** A device she signed in from before has its own budget, which outsiders cannot spend. */
export const LOGIN_DEVICE_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** The admin list's query: a status of the kind, a search text, a page cursor and a page size. */
export function listQuerySchema<K extends AnySubmissionKind>(kind: K) {
  return z.object({
    status: z.enum(kind.statuses as K["statuses"]).optional(),
    q: z.string().trim().max(200).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    /** One item by its id, wherever it falls in the list (a link from Today or a notice). */
    id: z.string().min(1).max(100).optional(),
  });
}

/** What the artist may change on a submission: its status (one of the kind's) and the notes. */
export function submissionUpdateSchema<K extends AnySubmissionKind>(kind: K) {
  return z
    .object({
      status: z.enum(kind.statuses as K["statuses"]).optional(),
      adminNotes: z.string().max(5000).nullable().optional(),
    })
    .refine((v) => v.status !== undefined || v.adminNotes !== undefined, {
      message: "Send a status or notes to change.",
    });
}

type StatusCounts<S extends string> = Record<S, number>;
/** Rows per status for every inbox, keyed by the kind's collection ("consultations", "contacts"). */
export type InboxCounts = {
  [K in AnySubmissionKind as K["collection"]]: StatusCounts<K["statuses"][number]>;
};

const sumCounts = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/**
 * The dashboard's figures: response rate = submissions in their kind's answered status / all
 * submissions, as a rounded percent (null when there is nothing to divide); pending items =
 * submissions still in their kind's first status.
 */
export function overviewFigures(counts: InboxCounts) {
  const byKind = (figure: (kind: AnySubmissionKind, counts: Record<string, number>) => number) =>
    submissionKinds.reduce(
      (sum, kind) => sum + figure(kind, counts[kind.collection] as Record<string, number>),
      0,
    );
  const total = byKind((_, c) => sumCounts(c));
  const answered = byKind((kind, c) => c[kind.answeredStatus] ?? 0);
  return {
    totalConsultations: sumCounts(counts.consultations),
    totalContacts: sumCounts(counts.contacts),
    totalSubmissions: total,
    pendingItems: byKind((kind, c) => c[kind.initialStatus] ?? 0),
    responseRate: total === 0 ? null : Math.round((answered / total) * 100),
  };
}

/** Web-vitals thresholds (good up to / poor above), as web.dev rates them. */
const vitalThresholds = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
} as const;
export type VitalName = keyof typeof vitalThresholds;
export const vitalNames = Object.keys(vitalThresholds) as VitalName[];

export function vitalRating(name: VitalName, value: number): "good" | "needs-improvement" | "poor" {
  const [good, poor] = vitalThresholds[name];
  return value <= good ? "good" : value <= poor ? "needs-improvement" : "poor";
}

/** What the SEO panels say when a Google source fails. */
export const seoMessages = {
  searchConsole: "Failed to connect to Google Search Console",
  pageSpeed: "Failed to connect to Google PageSpeed Insights",
  unavailable: "Service temporarily unavailable",
} as const;

/** A search keyword's badge by its average position: first page, second, or further. */
export const keywordBadge = (position: number) =>
  position <= 10 ? "Top 10" : position <= 20 ? "Page 2" : "Page 3+";
/** A Lighthouse score's colour, by Lighthouse's own bands. */
export const scoreTone = (score: number) => (score >= 90 ? "good" : score >= 70 ? "average" : "poor");
