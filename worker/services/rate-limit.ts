import { countRequest } from "../db/queries/rate-limit";
import { sha256Hex } from "../lib/sha256";

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the current window ends. */
  retryAfter: number;
}

/**
 * Fixed-window limit per form and client address, counted in D1 so it holds across isolates and
 * is configurable (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_SECONDS) with an exact Retry-After. The
 * address is stored only hashed together with the window, and the row is removed by the cron
 * once its window has ended.
 */
export async function checkRateLimit(
  db: D1Database,
  input: { scope: string; client: string; max: number; windowSeconds: number; now: Date },
): Promise<RateLimitDecision> {
  const nowSeconds = Math.floor(input.now.getTime() / 1000);
  const windowStart = nowSeconds - (nowSeconds % input.windowSeconds);
  const key = await sha256Hex(`${input.scope}|${input.client}|${windowStart}`);
  const count = await countRequest(db, key, windowStart);
  return {
    allowed: count <= input.max,
    retryAfter: Math.max(1, windowStart + input.windowSeconds - nowSeconds),
  };
}
