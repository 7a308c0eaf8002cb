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

/** A period as the privacy policy words it: "1 day", "90 days", "1 year", "3 years". */
const period = (days: number) => {
  const [count, unit] = days % 365 === 0 ? [days / 365, "year"] : [days, "day"];
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
};

/**
 * A rule whose label is `what` and its period (and `after`, what the period counts from), so the
 * label the log shows cannot drift from the days kept.
 */
const keep = (table: string, column: string, days: number, what: string, after = ""): RetentionRule => ({
  table,
  column,
  days,
  label: `${what} (${period(days)}${after})`,
});

export const retentionRules: readonly RetentionRule[] = [
  // Each kind of submission keeps the period its descriptor gives.
  ...submissionKinds.map((kind) => keep(kind.table, "created_at", kind.retentionDays, `${kind.label}s`)),
  keep("audit_log", "created_at", 3 * 365, "admin audit log", ", as requests"),
  keep("admin_sessions", "expires_at", 1, "ended admin sessions", " after expiry"),
  keep("login_failures", "created_at", 1, "failed sign-in records"),
  // The waitlist: an entry goes 30 days after a reopening queued its e-mail (time for the
  // retries and a late click on its unsubscribe link); one left waiting two years after its
  // last sign-up is stale, and goes too.
  keep(
    "waitlist_entries",
    "notified_at",
    waitlistDaysAfterNotice,
    "waitlist entries",
    " after the reopening e-mail",
  ),
  keep(
    "waitlist_entries",
    "updated_at",
    2 * 365,
    "waitlist entries still waiting",
    " after the last sign-up",
  ),
  // Freed-slot offers (docs/decisions/039): a client's wishes are kept while they may still want
  // a sooner time, an offer (who was offered which time) a month, the freed times themselves,
  // which name no client, long enough for the dashboard's twelve-month figure.
  keep("slot_alerts", "updated_at", slotAlertDays, "wishes for a sooner time", " after last saved"),
  keep("slot_offers", "created_at", 30, "offers of a freed time"),
  keep("freed_slots", "created_at", 400, "freed session times"),
  keep("request_status_links", "revoked_at", 30, "revoked request status links", " after revoking"),
  keep("calendar_feeds", "revoked_at", 30, "the artist's revoked calendar addresses", " after revoking"),
  keep("push_subscriptions", "seen_at", 180, "the artist's devices for push notices", " after last reached"),
  keep("client_aliases", "created_at", 3 * 365, "a client's merged second address", ", as requests"),
  // The texts' log: enough for the artist to see what a client was sent before and around their
  // session, and for a replayed inbound webhook to meet its MessageSid (the provider retries for
  // hours, not weeks).
  keep("text_messages", "created_at", 90, "texts sent and received"),
  keep("reply_digests", "created_at", 90, "daily overdue-reply digests"),
  // Longer than Stripe retries a webhook (three days), so every replay still meets its id.
  keep("stripe_events", "received_at", 90, "applied Stripe event ids"),
  keep("security_events", "created_at", 365, "admin account security events"),
];

/**
 * The measurements database (METRICS_DB): anonymous measurements 90 days, browser logs 30, and
 * each day's allowances two.
 */
const metricsRetentionRules: readonly RetentionRule[] = [
  keep("web_vital_reports", "created_at", 90, "anonymous web-vitals"),
  keep("site_events", "created_at", 90, "anonymous site events"),
  keep("client_logs", "created_at", 30, "browser error logs"),
  keep("measurement_quotas", "day", 2, "daily measurement allowances"),
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
