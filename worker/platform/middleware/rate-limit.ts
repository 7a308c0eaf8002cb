import { createMiddleware } from "hono/factory";
import type { AppEnv, Bindings } from "../../types";
import { ApiError } from "../api-error";
import { submissionSettings } from "../config";
import { hasRoom, type SubmissionQuota, submissionQuota, tooManySubmissions } from "../rate-limit";
import { clientAddress, visitorOf } from "../visitor";
import { type IdempotencyEnv, storedReplay } from "./idempotency";

export type SubmissionQuotaEnv = IdempotencyEnv & { Variables: { submissionQuota: SubmissionQuota } };

/**
 * Form submissions: 429 with Retry-After once a visitor's window already holds RATE_LIMIT_MAX
 * accepted submissions (a D1 fixed window, so the limit holds across isolates and is
 * configurable per deployment). The window goes on to the handler, which counts the submission
 * in the batch that saves it; a refused one is never counted.
 */
export function submissionRateLimit(scope: string) {
  return createMiddleware<SubmissionQuotaEnv>(async (c, next) => {
    const settings = submissionSettings(c.env);
    const quota = await submissionQuota({
      scope,
      address: clientAddress(c.req),
      secret: c.env.RATE_LIMIT_SECRET,
      max: settings.rateLimitMax,
      windowSeconds: settings.rateLimitWindowSeconds,
      now: new Date(),
    });
    if (!(await hasRoom(c.env.DB, quota))) {
      const replay = await storedReplay(c.env.DB, c.get("idempotency"));
      if (replay) return replay;
      throw tooManySubmissions(quota);
    }
    c.set("submissionQuota", quota);
    await next();
  });
}

/**
 * High-volume endpoints (personalization, location, measurements): a Workers rate-limit
 * binding, per visitor as the form limit counts them (an IPv6 /64 is one). The address is only
 * the limiter's key (held for its 60 s window); it is never logged or stored.
 */
export function rateLimit(pick: (env: Bindings) => RateLimit | undefined, scope: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const limiter = pick(c.env);
    if (limiter) {
      const visitor = visitorOf(clientAddress(c.req) ?? "unknown");
      const { success } = await limiter.limit({ key: `${scope}:${visitor}` });
      if (!success) {
        throw new ApiError(429, "Too many requests. Please wait a minute and try again.", {
          headers: { "Retry-After": "60" },
        });
      }
    }
    await next();
  });
}
