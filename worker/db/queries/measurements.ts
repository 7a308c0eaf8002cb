import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { EventsBatch, LogEntry, MetricsBatch } from "../../../shared/schemas/measurements";
import { clientLogs, siteEvents, webVitalReports } from "../schema";
import { insertInChunks } from "./d1-limits";

/** Writes for the site's own measurements; none of them takes an IP address or user agent. */
type Db = DrizzleD1Database<Record<string, never>>;

export async function insertVitals(db: Db, batch: MetricsBatch): Promise<number> {
  const rows = batch.metrics.map((metric) => ({
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

export async function insertEvents(db: Db, batch: EventsBatch): Promise<number> {
  const rows = batch.events.map((event) => ({
    type: event.type,
    experiment: event.experiment ?? null,
    variant: event.variant ?? null,
    properties: event.properties ?? null,
    path: event.path ?? null,
    sessionId: batch.sessionId,
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
