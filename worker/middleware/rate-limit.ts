import { createMiddleware } from "hono/factory";
import { ApiError } from "../lib/api-error";
import { submissionSettings } from "../services/config";
import { checkRateLimit } from "../services/rate-limit";
import type { AppEnv } from "../types";

/** The client's address as the edge reports it. */
export function clientAddress(headers: { header(name: string): string | undefined }): string | null {
  return headers.header("CF-Connecting-IP") ?? null;
}

/** 429 with Retry-After when one address sends more than RATE_LIMIT_MAX submissions per window. */
export function submissionRateLimit(scope: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const settings = submissionSettings(c.env);
    const decision = await checkRateLimit(c.env.DB, {
      scope,
      client: clientAddress(c.req) ?? "unknown",
      max: settings.rateLimitMax,
      windowSeconds: settings.rateLimitWindowSeconds,
      now: new Date(),
    });
    if (!decision.allowed) {
      throw new ApiError(
        429,
        "Too many submissions from your connection. Please wait a few minutes and try again, or call the studio.",
        { headers: { "Retry-After": String(decision.retryAfter) } },
      );
    }
    await next();
  });
}
