import { sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { submissionQuota } from "../../platform/rate-limit";
import { clientAddress } from "../../platform/visitor";
import { measurementQuotas } from "./tables";

/**
 * Measurement rows one visitor (an IPv4 address, or an IPv6 /64) may add per UTC day, across
 * web-vitals, events and logs. A reader who opens twenty pages sends about 180; past the cap the
 * request still gets its 202 and nothing is stored, so a flood costs the database at most this
 * many rows per address and can move the artist's figures by no more than this share.
 */
export const measurementDailyCap = 200;

/** The cap in force: MEASUREMENT_DAILY_ROWS when an operator (or a test server) sets it. */
function dailyCap(env: { MEASUREMENT_DAILY_ROWS?: string }): number {
  const configured = Number(env.MEASUREMENT_DAILY_ROWS);
  return Number.isInteger(configured) && configured > 0 ? configured : measurementDailyCap;
}

const daySeconds = 86_400;

/**
 * Takes up to `wanted` rows from the visitor's allowance for today and returns how many may be
 * stored. One upsert counts the rows asked for and answers the new total, so requests that
 * arrive together are shared out exactly: never more than the cap between them.
 */
export async function takeMeasurementRows(
  db: DrizzleD1Database,
  env: { RATE_LIMIT_SECRET?: string; MEASUREMENT_DAILY_ROWS?: string },
  request: { header(name: string): string | undefined },
  wanted: number,
): Promise<number> {
  if (wanted <= 0) return 0;
  const cap = dailyCap(env);
  const window = await submissionQuota({
    scope: "measurements",
    address: clientAddress(request),
    secret: env.RATE_LIMIT_SECRET,
    max: cap,
    windowSeconds: daySeconds,
    now: new Date(),
  });
  const day = new Date(window.windowStart * 1000).toISOString().slice(0, 10);
  const [row] = await db
    .insert(measurementQuotas)
    .values({ key: window.key, day, count: wanted })
    .onConflictDoUpdate({
      target: measurementQuotas.key,
      set: { count: sql`${measurementQuotas.count} + ${wanted}` },
    })
    .returning({ count: measurementQuotas.count });
  const before = (row?.count ?? wanted) - wanted;
  return Math.max(0, Math.min(wanted, cap - before));
}
