/**
 * Contracts between the admin API (worker/routes/admin) and the admin bundle (admin/): input
 * schemas, the spec's messages and the dashboard formulas (shell-and-admin.md 2.11-2.14, 8, 9).
 */
import { z } from "./schemas/z";
import {
  type ConsultationStatus,
  type ContactStatus,
  consultationStatuses,
  contactStatuses,
} from "./statuses";

/** Sign-in messages, word for word from the error catalogue (shell-and-admin.md 8, 5). */
export const loginMessages = {
  missing: "Please enter both email and password.",
  invalid: "Invalid email or password. Please check your credentials.",
  connection: "Unable to connect to the server. Please check your internet connection and try again.",
  failed: "Login failed. Please check your credentials.",
  noUser: "Login failed. Please try again.",
  unexpected: "An unexpected error occurred. Please try again.",
  tooMany: "Too many sign-in attempts. Please wait 15 minutes and try again.",
  signOutTimeout: "Sign out timeout after 10 seconds",
} as const;

export const loginSchema = z.object({
  email: z.string({ error: loginMessages.missing }).trim().min(1, loginMessages.missing).max(254),
  // Bounded so nobody can make the worker hash megabytes; 1024 is far beyond any passphrase.
  password: z.string({ error: loginMessages.missing }).min(1, loginMessages.missing).max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Session lifetimes (issue 7, item 2). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 8 * 60 * 60 * 1000;
/** Brute-force limit: this many failures per account or per address within the window. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export interface AdminUser {
  id: string;
  email: string;
  role: "admin";
}

export const inboxKinds = ["consultations", "contacts"] as const;
export type InboxKind = (typeof inboxKinds)[number];

export const listQuerySchema = z.object({
  status: z.string().optional(),
  q: z.string().trim().max(200).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const consultationUpdateSchema = z
  .object({
    status: z.enum(consultationStatuses).optional(),
    adminNotes: z.string().max(5000).nullable().optional(),
  })
  .refine((v) => v.status !== undefined || v.adminNotes !== undefined, {
    message: "Send a status or notes to change.",
  });

export const contactUpdateSchema = z
  .object({
    status: z.enum(contactStatuses).optional(),
    adminNotes: z.string().max(5000).nullable().optional(),
  })
  .refine((v) => v.status !== undefined || v.adminNotes !== undefined, {
    message: "Send a status or notes to change.",
  });

export type StatusCounts<S extends string> = Record<S, number>;
export interface InboxCounts {
  consultations: StatusCounts<ConsultationStatus>;
  contacts: StatusCounts<ContactStatus>;
}

export const sumCounts = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/**
 * Dashboard formulas (shell-and-admin.md 9): response rate = (responded contacts + completed
 * consultations) / all submissions, as a rounded percent (null when there is nothing to divide);
 * pending items = unread contacts + pending consultations.
 */
export function overviewFigures(counts: InboxCounts) {
  const total = sumCounts(counts.consultations) + sumCounts(counts.contacts);
  const answered = counts.contacts.responded + counts.consultations.completed;
  return {
    totalConsultations: sumCounts(counts.consultations),
    totalContacts: sumCounts(counts.contacts),
    totalSubmissions: total,
    pendingItems: counts.contacts.unread + counts.consultations.pending,
    responseRate: total === 0 ? null : Math.round((answered / total) * 100),
  };
}

/** Web-vitals thresholds (good up to / poor above), shell-and-admin.md 9 plus INP from web.dev. */
export const vitalThresholds = {
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

/** SEO failure texts (shell-and-admin.md 8). */
export const seoMessages = {
  searchConsole: "Failed to connect to Google Search Console",
  pageSpeed: "Failed to connect to Google PageSpeed Insights",
  unavailable: "Service temporarily unavailable",
} as const;

/** Keyword badge (shell-and-admin.md 9). */
export const keywordBadge = (position: number) =>
  position <= 10 ? "Top 10" : position <= 20 ? "Page 2" : "Page 3+";
/** Score colour (shell-and-admin.md 9). */
export const scoreTone = (score: number) => (score >= 90 ? "good" : score >= 70 ? "average" : "poor");
