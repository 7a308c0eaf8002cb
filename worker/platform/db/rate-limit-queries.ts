import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { failedWith } from "./constraint-errors";
import { rateLimitWindows } from "./schema";

/** One visitor's window of one form: its stored key, when it began and how many it may accept. */
export interface QuotaWindow {
  key: string;
  windowStart: number;
  max: number;
}

/** Submissions already accepted in this window (0 before the first). */
export async function acceptedCount(d1: D1Database, key: string): Promise<number> {
  const [row] = await drizzle(d1)
    .select({ count: rateLimitWindows.count })
    .from(rateLimitWindows)
    .where(eq(rateLimitWindows.key, key))
    .limit(1);
  return row?.count ?? 0;
}

/**
 * The statement that counts one accepted submission, for the batch that saves it. Once the
 * window holds `max`, the update writes NULL into the NOT NULL count: the statement fails and
 * D1 rolls the whole batch back, so the submission is not saved either. D1 runs batches one
 * at a time, so concurrent requests can never accept more than `max` between them.
 */
export function countAccepted(d1: D1Database, window: QuotaWindow) {
  const count = rateLimitWindows.count;
  return drizzle(d1)
    .insert(rateLimitWindows)
    .values({ key: window.key, windowStart: window.windowStart, count: 1 })
    .onConflictDoUpdate({
      target: rateLimitWindows.key,
      set: { count: sql`CASE WHEN ${count} < ${window.max} THEN ${count} + 1 END` },
    });
}

/** The failure countAccepted reports for a full window (SQLite: "NOT NULL constraint failed: ..."). */
export const isQuotaExhausted = (error: unknown) =>
  failedWith(error, /NOT NULL constraint failed: rate_limit_windows\.count/i);
