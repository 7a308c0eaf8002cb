import { submissionKinds } from "../shared/submission-kinds";
import { deleteOrphanedMail } from "./features/mail/queries";
import { slotAlertDays } from "./features/waitlist/offers";
import { waitlistDaysAfterNotice } from "./features/waitlist/service";
import { deleteOldestBefore } from "./platform/db/bounded-delete";
import { log } from "./platform/log";

/**
 * Retention, as the privacy policy promises: rows older than their table's period are
 * deleted by the scheduled handler. Each run deletes at most `batchSize` rows per table, so a
 * backlog drains over several runs without a long-running invocation; running twice is
 * harmless. Table and column names are constants of this file, never input.
 *
 * A request's own rows (status links, messages, quotes, deposits, bookings, aftercare choices)
 * go with it by their foreign keys (ON DELETE CASCADE), and its reference images turn unattached
 * for the image sweep; only the mail queue's rows about anything else are tidied here, by
 * looking for their subject.
 */
export interface RetentionRule {
  table: string;
  /** UTC ISO-8601 timestamp column compared with the cut-off. */
  column: string;
  days: number;
  /** What the privacy policy calls it, for the log line. */
  label: string;
}

const day = 86_400_000;

const years = (days: number) => `${days / 365} years`;

export const retentionRules: readonly RetentionRule[] = [
  // Each kind of submission keeps the period its descriptor gives.
  ...submissionKinds.map((kind) => ({
    table: kind.table,
    column: "created_at",
    days: kind.retentionDays,
    label: `${kind.label}s (${years(kind.retentionDays)})`,
  })),
  {
    table: "audit_log",
    column: "created_at",
    days: 3 * 365,
    label: "admin audit log (3 years, as requests)",
  },
  {
    table: "admin_sessions",
    column: "expires_at",
    days: 1,
    label: "ended admin sessions (1 day after expiry)",
  },
  { table: "login_failures", column: "created_at", days: 1, label: "failed sign-in records (1 day)" },
  // The waitlist: an entry goes 30 days after a reopening queued its e-mail (time for the
  // retries and a late click on its unsubscribe link); one left waiting two years after its
  // last sign-up is stale, and goes too.
  {
    table: "waitlist_entries",
    column: "notified_at",
    days: waitlistDaysAfterNotice,
    label: "waitlist entries (30 days after the reopening e-mail)",
  },
  {
    table: "waitlist_entries",
    column: "updated_at",
    days: 2 * 365,
    label: "waitlist entries still waiting (2 years after the last sign-up)",
  },
  // Freed-slot offers (docs/decisions/039): a client's wishes are kept while they may still want
  // a sooner time, an offer (who was offered which time) a month, the freed times themselves,
  // which name no client, long enough for the dashboard's twelve-month figure.
  {
    table: "slot_alerts",
    column: "updated_at",
    days: slotAlertDays,
    label: `wishes for a sooner time (${slotAlertDays} days after last saved)`,
  },
  { table: "slot_offers", column: "created_at", days: 30, label: "offers of a freed time (30 days)" },
  { table: "freed_slots", column: "created_at", days: 400, label: "freed session times (400 days)" },
  {
    table: "request_status_links",
    column: "revoked_at",
    days: 30,
    label: "revoked request status links (30 days after revoking)",
  },
  {
    table: "calendar_feeds",
    column: "revoked_at",
    days: 30,
    label: "the artist's revoked calendar addresses (30 days after revoking)",
  },
  {
    table: "push_subscriptions",
    column: "seen_at",
    days: 180,
    label: "the artist's devices for push notices (180 days after last reached)",
  },
  {
    table: "client_aliases",
    column: "created_at",
    days: 3 * 365,
    label: "a client's merged second address (3 years, as requests)",
  },
  // The texts' log: enough for the artist to see what a client was sent before and around their
  // session, and for a replayed inbound webhook to meet its MessageSid (the provider retries for
  // hours, not weeks).
  { table: "text_messages", column: "created_at", days: 90, label: "texts sent and received (90 days)" },
  { table: "reply_digests", column: "created_at", days: 90, label: "daily overdue-reply digests (90 days)" },
  // Longer than Stripe retries a webhook (three days), so every replay still meets its id.
  { table: "stripe_events", column: "received_at", days: 90, label: "applied Stripe event ids (90 days)" },
  {
    table: "security_events",
    column: "created_at",
    days: 365,
    label: "admin account security events (1 year)",
  },
];

/**
 * The measurements database (METRICS_DB): anonymous measurements 90 days, browser logs 30, and
 * each day's allowances two.
 */
const metricsRetentionRules: readonly RetentionRule[] = [
  { table: "web_vital_reports", column: "created_at", days: 90, label: "anonymous web-vitals (90 days)" },
  { table: "site_events", column: "created_at", days: 90, label: "anonymous site events (90 days)" },
  { table: "client_logs", column: "created_at", days: 30, label: "browser error logs (30 days)" },
  { table: "measurement_quotas", column: "day", days: 2, label: "daily measurement allowances (2 days)" },
];

export interface RetentionResult {
  table: string;
  removed: number;
  cutoff: string;
  /** true when the batch limit was reached and older rows remain for the next run. */
  more: boolean;
}

export async function enforceRetention(
  db: D1Database,
  now: Date,
  { rules = retentionRules, batchSize = 500 }: { rules?: readonly RetentionRule[]; batchSize?: number } = {},
): Promise<RetentionResult[]> {
  const results = await applyRules(db, now, rules, batchSize);
  // An e-mail's row goes with what it was about: drop rows whose subject is gone.
  const removedOrphans = await deleteOrphanedMail(db, batchSize);
  results.push({
    table: "mail_queue",
    removed: removedOrphans,
    cutoff: "",
    more: removedOrphans >= batchSize,
  });
  log("info", "retention", {
    table: "mail_queue",
    policy: "with its subject",
    removed: removedOrphans,
  });
  return results;
}

/** Retention in the measurements database: its own tables, nothing else to tidy there. */
export function enforceMetricsRetention(
  db: D1Database,
  now: Date,
  batchSize = 500,
): Promise<RetentionResult[]> {
  return applyRules(db, now, metricsRetentionRules, batchSize);
}

async function applyRules(
  db: D1Database,
  now: Date,
  rules: readonly RetentionRule[],
  batchSize: number,
): Promise<RetentionResult[]> {
  const results: RetentionResult[] = [];
  for (const rule of rules) {
    const cutoff = new Date(now.getTime() - rule.days * day).toISOString();
    const removed = await deleteOldestBefore(db, rule.table, rule.column, cutoff, batchSize);
    results.push({ table: rule.table, removed, cutoff, more: removed >= batchSize });
    log("info", "retention", { table: rule.table, policy: rule.label, removed, cutoff });
  }
  return results;
}
