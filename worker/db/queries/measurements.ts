import { and, eq, inArray } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { EventsBatch, LogEntry, MetricsBatch } from "../../../shared/schemas/measurements";
import { clientLogs, siteEvents, webVitalReports } from "../metrics-schema";
import { insertInChunks } from "./d1-limits";

/** Writes for the site's own measurements; none of them takes an IP address or user agent. */
type Db = DrizzleD1Database<Record<string, never>>;
type Vital = MetricsBatch["metrics"][number];
type SiteEventInput = EventsBatch["events"][number];

/**
 * The batch's web-vitals that its page view has not reported yet: one of each name per page
 * view (a tab's session id on one path), the latest of a batch if a name repeats in it.
 */
export async function unreportedVitals(db: Db, batch: MetricsBatch): Promise<Vital[]> {
  const latest = new Map(batch.metrics.map((metric) => [metric.name, metric]));
  const stored = await db
    .select({ name: webVitalReports.name })
    .from(webVitalReports)
    .where(
      and(eq(webVitalReports.sessionId, batch.session.id), eq(webVitalReports.path, batch.session.path)),
    );
  for (const { name } of stored) latest.delete(name);
  return [...latest.values()];
}

export async function insertVitals(db: Db, batch: MetricsBatch, metrics: readonly Vital[]): Promise<number> {
  const rows = metrics.map((metric) => ({
    name: metric.name,
    value: metric.value,
    rating: metric.rating,
    path: batch.session.path,
    navigationType: metric.navigationType ?? null,
    connection: batch.session.connection ?? null,
    sessionId: batch.session.id,
  }));
  await insertInChunks(db, webVitalReports, rows);
  return rows.length;
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
