import { drizzle } from "drizzle-orm/d1";
import { ApiError } from "./api-error";
import { hmacSha256Hex } from "./crypto";
import { acceptedCount, countAccepted, isQuotaExhausted, type QuotaWindow } from "./db/rate-limit-queries";
import { visitorOf } from "./visitor";

/** A visitor's window of one form, and the seconds until it ends (the 429's Retry-After). */
export interface SubmissionQuota extends QuotaWindow {
  retryAfter: number;
}

/** Shorter secrets are treated as missing, as with the session signing key. */
const minimumSecretLength = 32;
/*
 * Without RATE_LIMIT_SECRET the limit still holds (a missing setting must never switch a defence
 * off, and refusing every form would lose real requests), but its keys are then only as secret as
 * this source file; the configuration report says so in the log, once.
 */
const unconfiguredSecret = "rate-limit-keys-without-a-configured-secret";

/**
 * The fixed window of RATE_LIMIT_WINDOW_SECONDS that `now` falls in, for one form and one visitor
 * (an IPv4 address, or an IPv6 /64). The stored key is an HMAC-SHA-256 under RATE_LIMIT_SECRET
 * of form, visitor and window: without the secret, trying every address does not reveal whose
 * row it is. The cron removes the row once its window has ended.
 */
export async function submissionQuota(input: {
  scope: string;
  address: string | null;
  secret: string | undefined;
  max: number;
  windowSeconds: number;
  now: Date;
}): Promise<SubmissionQuota> {
  const nowSeconds = Math.floor(input.now.getTime() / 1000);
  const windowStart = nowSeconds - (nowSeconds % input.windowSeconds);
  let secret = input.secret ?? "";
  // Said once by the configuration report (platform/configuration.ts), not on every form.
  if (secret.length < minimumSecretLength) secret = unconfiguredSecret;
  const visitor = visitorOf(input.address ?? "unknown");
  return {
    key: await hmacSha256Hex(secret, `${input.scope}|${visitor}|${windowStart}`),
    windowStart,
    max: input.max,
    retryAfter: Math.max(1, windowStart + input.windowSeconds - nowSeconds),
  };
}

/**
 * Whether the window can take another submission. Only accepted submissions fill it (they are
 * counted in the batch that saves them), so this early check lets refused ones through to their
 * own answer without costing the visitor anything.
 */
export async function hasRoom(db: D1Database, quota: SubmissionQuota): Promise<boolean> {
  return (await acceptedCount(db, quota.key)) < quota.max;
}

/** The answer to a visitor whose window is full. */
export function tooManySubmissions(quota: SubmissionQuota): ApiError {
  return new ApiError(
    429,
    "Too many submissions from your connection. Please wait a few minutes and try again, or call the studio.",
    { headers: { "Retry-After": String(quota.retryAfter) } },
  );
}

/**
 * Counts one use of a window that every call fills (not only accepted submissions): false, with
 * nothing counted, once it holds `max`. For endpoints that write on every call without a
 * session, so one address cannot spend the database's writes.
 */
export async function takeFromQuota(d1: D1Database, quota: SubmissionQuota): Promise<boolean> {
  try {
    await drizzle(d1).batch([countAccepted(d1, quota)]);
    return true;
  } catch (error) {
    if (isQuotaExhausted(error)) return false;
    throw error;
  }
}
