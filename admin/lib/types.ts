/** Shapes of the admin API's answers (worker/routes/admin). */
import type { AdminUser, InboxCounts } from "../../shared/admin";
import type { ConsultationStatus, ContactStatus } from "../../shared/statuses";

export type { AdminUser, InboxCounts };

/** Delivery of the artist's e-mail about a submission (the notification outbox). */
export interface NotificationState {
  status: "pending" | "sending" | "retry" | "sent" | "failed";
  attempts: number;
  sentAt: string | null;
  lastAttemptAt: string | null;
}

export interface ConsultationRequest {
  id: string;
  name: string;
  email: string;
  phone: string;
  tattooIdea: string;
  size: string | null;
  placement: string | null;
  timeframe: string | null;
  experience: string | null;
  budget: string | null;
  availability: string | null;
  status: ConsultationStatus;
  createdAt: string;
  updatedAt: string;
  adminNotes: string | null;
  notification?: NotificationState | null;
}

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  serviceInterest: string | null;
  message: string;
  newsletterSignup: boolean;
  status: ContactStatus;
  createdAt: string;
  updatedAt: string;
  adminNotes: string | null;
  respondedAt: string | null;
  respondedBy: string | null;
  notification?: NotificationState | null;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  counts: InboxCounts;
}

export interface AuditEntry {
  id: number;
  adminId: string;
  adminEmail: string;
  entity: "consultation" | "contact";
  entityId: string;
  action: string;
  fromValue: string | null;
  toValue: string | null;
  createdAt: string;
}

export interface Overview {
  counts: InboxCounts;
  figures: {
    totalConsultations: number;
    totalContacts: number;
    totalSubmissions: number;
    pendingItems: number;
    responseRate: number | null;
  };
  weeks: { weekStart: string; consultations: number; contacts: number }[];
}

export type GoogleResult<T> =
  | { status: "live" | "cached"; fetchedAt: string; data: T }
  | { status: "not_configured"; reason: string }
  | { status: "error"; message: string };

export interface PageSpeed {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  metrics: {
    firstContentfulPaint: number;
    largestContentfulPaint: number;
    cumulativeLayoutShift: number;
    speedIndex: number;
  };
}

export interface SearchAnalytics {
  totalClicks: number;
  totalImpressions: number;
  averageCTR: number;
  averagePosition: number;
  topKeywords: { keyword: string; position: number; clicks: number; ctr: number; impressions: number }[];
  startDate: string;
  endDate: string;
}

export interface Vitals {
  since: string;
  days: number;
  pages: { path: string; metrics: Partial<Record<string, { p75: number; samples: number }>> }[];
}

export interface Experiments {
  experiments: {
    name: string;
    baseline: string | null;
    variants: {
      variant: string;
      exposures: number;
      conversions: number;
      rate: number | null;
      zScore: number | null;
      pValue: number | null;
      significant: boolean | null;
    }[];
  }[];
}

export const formatDateTime = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString("en-US", {
        dateStyle: "medium",
        timeStyle: "short",
      })
    : "—";
