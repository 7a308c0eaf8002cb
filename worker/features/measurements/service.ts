import { drizzle } from "drizzle-orm/d1";
import { withoutTokens } from "../../../shared/private-links";
import type { EventsBatch, LogEntry, LogLevel, MetricsBatch } from "../../../shared/schemas/measurements";
import { takeMeasurementRows } from "./caps";
import {
  insertClientLog,
  insertEvents,
  insertVitals,
  keptEvents,
  splitVitals,
  updateVitals,
} from "./queries";

/**
 * The site's own measurements, each kept within the visitor's daily allowance (./caps.ts): what
 * is past it is dropped without a word, since a beacon never reads the answer.
 */
interface MeasurementEnv {
  METRICS_DB: D1Database;
  RATE_LIMIT_SECRET?: string;
  MEASUREMENT_DAILY_ROWS?: string;
  ENVIRONMENT?: string;
}

/** Where the visitor's address is read from (the request's headers). */
type Visitor = { header(name: string): string | undefined };

/**
 * Analytics and A/B events: an A/B event counts once per session and a conversion only after its
 * exposure (keptEvents); returns how many were stored.
 */
export async function recordEvents(
  env: MeasurementEnv,
  visitor: Visitor,
  batch: EventsBatch,
): Promise<number> {
  const db = drizzle(env.METRICS_DB);
  const kept = await keptEvents(db, batch);
  const room = await takeMeasurementRows(db, env, visitor, kept.length);
  return insertEvents(db, batch.sessionId, kept.slice(0, room));
}

/**
 * Web-vitals: one row of each per page view, holding its latest value. Only new rows count
 * against the allowance: a later value replaces the stored one and adds nothing.
 */
export async function recordVitals(
  env: MeasurementEnv,
  visitor: Visitor,
  batch: MetricsBatch,
): Promise<number> {
  const db = drizzle(env.METRICS_DB);
  const { fresh, repeats } = await splitVitals(db, batch);
  const room = await takeMeasurementRows(db, env, visitor, fresh.length);
  const inserted = await insertVitals(db, batch, fresh.slice(0, room));
  const updated = await updateVitals(db, batch, repeats);
  return inserted + updated;
}

const severity: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/**
 * The page of a log entry as a bare path: no origin, query string or fragment is kept, nor the
 * token of a private link (a status page's address is its secret).
 */
function pathOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return withoutTokens(new URL(url, "https://site.invalid").pathname).slice(0, 200);
  } catch {
    return null;
  }
}

/**
 * A browser log entry: in production only warn and above are kept. The user agent string the
 * page may send is dropped. Returns how many rows were stored (0 or 1).
 */
export async function recordClientLog(
  env: MeasurementEnv,
  visitor: Visitor,
  entry: LogEntry,
): Promise<number> {
  const minimum = env.ENVIRONMENT === "production" ? severity.warn : severity.debug;
  if (severity[entry.level] < minimum) return 0;
  const db = drizzle(env.METRICS_DB);
  if ((await takeMeasurementRows(db, env, visitor, 1)) === 0) return 0;
  // A browser's error message or extra field may quote the page's address: no token is kept.
  const extras = entry.extras
    ? Object.fromEntries(
        Object.entries(entry.extras).map(([key, value]) => [
          key,
          typeof value === "string" ? withoutTokens(value) : value,
        ]),
      )
    : undefined;
  await insertClientLog(db, { ...entry, message: withoutTokens(entry.message), extras }, pathOf(entry.url));
  return 1;
}
