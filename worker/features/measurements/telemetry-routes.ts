import { Hono } from "hono";
import { limitBody } from "../../platform/middleware/body-limit";
import { rateLimit } from "../../platform/middleware/rate-limit";
import type { AppEnv } from "../../types";

/**
 * The start of every measurement endpoint: browsers post to them unasked, so each shares the
 * telemetry rate limit and refuses a body over `maxBodyBytes` before any handler reads it.
 */
export const telemetryRoutes = (maxBodyBytes: number) =>
  new Hono<AppEnv>().use(
    rateLimit((env) => env.RATE_LIMIT_TELEMETRY, "telemetry"),
    limitBody(maxBodyBytes),
  );
