import { createMiddleware } from "hono/factory";
import { ApiError } from "../lib/api-error";
import type { AppEnv, Bindings } from "../types";

/**
 * Per-address limit with a Workers rate-limit binding. The address is only the limiter's key
 * (held by the limiter for its 60 s window); it is never logged or stored.
 */
export function rateLimit(pick: (env: Bindings) => RateLimit | undefined, scope: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const limiter = pick(c.env);
    if (limiter) {
      const address = c.req.header("CF-Connecting-IP") ?? "unknown";
      const { success } = await limiter.limit({ key: `${scope}:${address}` });
      if (!success) {
        throw new ApiError(429, "Too many requests. Please wait a minute and try again.", {
          headers: { "Retry-After": "60" },
        });
      }
    }
    await next();
  });
}
