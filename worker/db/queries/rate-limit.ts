import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { rateLimitWindows } from "../schema";
import { deleteOldestBefore } from "./bounded-delete";

/**
 * Counts one request in the current fixed window for `key` and returns the new count. One
 * upsert, so concurrent requests never lose a count.
 */
export async function countRequest(d1: D1Database, key: string, windowStart: number): Promise<number> {
  const [row] = await drizzle(d1)
    .insert(rateLimitWindows)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({ target: rateLimitWindows.key, set: { count: sql`${rateLimitWindows.count} + 1` } })
    .returning({ count: rateLimitWindows.count });
  return row?.count ?? 1;
}

/** Forgets at most `limit` windows that started before `before` (epoch seconds); returns how many. */
export async function deleteRateLimitWindowsBefore(
  d1: D1Database,
  before: number,
  limit = 1000,
): Promise<number> {
  return deleteOldestBefore(d1, "rate_limit_windows", "window_start", before, limit);
}
