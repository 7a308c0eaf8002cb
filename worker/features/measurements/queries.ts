import { and, eq, inArray } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { EventsBatch, LogEntry, MetricsBatch } from "../../../shared/schemas/measurements";
import { insertInChunks } from "../../platform/db/d1-limits";
import { clientLogs, siteEvents, webVitalReports } from "./tables";

/** Writes for the site's own measurements; none of them takes an IP address or a full user agent. */
type Db = DrizzleD1Database<Record<string, never>>;
type Vital = MetricsBatch["metrics"][number];
type SiteEventInput = EventsBatch["events"][number];

/**
 * Splits a batch's web-vitals by whether its page view (a tab's session id on one path) has
 * reported that name before: `fresh` ones become new rows, `repeats` replace the stored value.
 * Layout shift and interaction latency only settle when the page hides, so the browser sends
 * their current value on its periodic flush and again later; the latest is the true one. Within
 * a batch the last of a name wins.
 */
export async function splitVitals(
  db: Db,
  batch: MetricsBatch,
): Promise<{ fresh: Vital[]; repeats: Vital[] }> {
  const latest = new Map(batch.metrics.map((metric) => [metric.name, metric]));
  const stored = await db
    .select({ name: webVitalReports.name })
    .from(webVitalReports)
    .where(
      and(eq(webVitalReports.sessionId, batch.session.id), eq(webVitalReports.path, batch.session.path)),
    );
  const seen = new Set(stored.map((row) => row.name));
  const all = [...latest.values()];
  return {
    fresh: all.filter((metric) => !seen.has(metric.name)),
    repeats: all.filter((metric) => seen.has(metric.name)),
  };
}

/** The host name of a referrer URL, or null: the referring page's path and query are not kept. */
function referrerHost(referrer: string | undefined): string | null {
  if (!referrer) return null;
  try {
    return new URL(referrer).hostname.slice(0, 253) || null;
  } catch {
    return null;
  }
}

/** The columns every row of a batch shares: its page view and what the browser says about itself. */
function sessionColumns(batch: MetricsBatch) {
  const { connection, viewport } = batch.session;
  const network = typeof connection === "object" ? connection : null;
  return {
    path: batch.session.path,
    connection: typeof connection === "string" ? connection : (network?.effectiveType ?? null),
    downlink: network?.downlink ?? null,
    rtt: network?.rtt === null || network?.rtt === undefined ? null : Math.round(network.rtt),
    userAgent: batch.session.userAgent ?? null,
    viewportWidth: viewport?.width ?? null,
    viewportHeight: viewport?.height ?? null,
    referrerHost: referrerHost(batch.session.referrer),
    sessionId: batch.session.id,
  };
}

const metricColumns = (metric: Vital) => ({
  value: metric.value,
  rating: metric.rating,
  navigationType: metric.metadata?.navigationType ?? metric.navigationType ?? null,
  entries: metric.metadata?.entries ?? null,
});

export async function insertVitals(db: Db, batch: MetricsBatch, metrics: readonly Vital[]): Promise<number> {
  const shared = sessionColumns(batch);
  const rows = metrics.map((metric) => ({ name: metric.name, ...metricColumns(metric), ...shared }));
  await insertInChunks(db, webVitalReports, rows);
  return rows.length;
}

/** Replaces the stored value of each repeated web-vital with the batch's (one statement each, in one batch). */
export async function updateVitals(db: Db, batch: MetricsBatch, metrics: readonly Vital[]): Promise<number> {
  const [first, ...rest] = metrics.map((metric) =>
    db
      .update(webVitalReports)
      .set({ ...metricColumns(metric), ...sessionColumns(batch) })
      .where(
        and(
          eq(webVitalReports.sessionId, batch.session.id),
          eq(webVitalReports.path, batch.session.path),
          eq(webVitalReports.name, metric.name),
        ),
      ),
  );
  if (!first) return 0;
  await db.batch([first, ...rest]);
  return metrics.length;
}

/**
 * The batch's events worth keeping. A/B events count once per session: one exposure per
 * experiment and variant, and one conversion, only after an exposure to the same variant in this
 * session (earlier in the batch or stored before); other conversions are dropped.
 */
export async function keptEvents(db: Db, batch: EventsBatch): Promise<SiteEventInput[]> {
  const abEvents = batch.events.some((event) => event.type.startsWith("ab_"));
  const seen = new Set<string>();
  if (abEvents) {
    const stored = await db
      .select({ type: siteEvents.type, experiment: siteEvents.experiment, variant: siteEvents.variant })
      .from(siteEvents)
      .where(
        and(
          eq(siteEvents.sessionId, batch.sessionId),
          inArray(siteEvents.type, ["ab_exposure", "ab_conversion"]),
        ),
      );
    for (const row of stored) seen.add(`${row.type}|${row.experiment}|${row.variant}`);
  }
  return batch.events.filter((event) => {
    if (!event.type.startsWith("ab_")) return true;
    const key = `${event.type}|${event.experiment}|${event.variant}`;
    if (seen.has(key)) return false;
    if (event.type === "ab_conversion" && !seen.has(`ab_exposure|${event.experiment}|${event.variant}`)) {
      return false;
    }
    seen.add(key);
    return true;
  });
}

export async function insertEvents(
  db: Db,
  sessionId: string,
  events: readonly SiteEventInput[],
): Promise<number> {
  const rows = events.map((event) => ({
    type: event.type,
    experiment: event.experiment ?? null,
    variant: event.variant ?? null,
    properties: event.properties ?? null,
    path: event.path ?? null,
    sessionId,
  }));
  await insertInChunks(db, siteEvents, rows);
  return rows.length;
}

export async function insertClientLog(db: Db, entry: LogEntry, path: string | null): Promise<void> {
  await db.insert(clientLogs).values({
    level: entry.level,
    message: entry.message,
    path,
    extras: entry.extras ?? null,
    sessionId: entry.sessionId ?? null,
    clientTime: entry.timestamp ?? null,
  });
}
