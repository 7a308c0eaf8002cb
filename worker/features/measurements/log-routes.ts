import { Hono } from "hono";
import { logEntrySchema } from "../../../shared/schemas/measurements";
import { limitBody } from "../../platform/middleware/body-limit";
import { rateLimit } from "../../platform/middleware/rate-limit";
import { validate } from "../../platform/middleware/validate";
import type { AppEnv } from "../../types";
import { recordClientLog } from "./service";

/**
 * POST /api/logs: browser log entries. In production only warn and above are
 * kept, within the visitor's daily allowance; the user agent string is accepted for
 * compatibility and dropped.
 */
export const logs = new Hono<AppEnv>()
  .use(
    rateLimit((env) => env.RATE_LIMIT_TELEMETRY, "telemetry"),
    limitBody(8 * 1024),
  )
  .post("/", validate("json", logEntrySchema), async (c) => {
    const stored = await recordClientLog(c.env, c.req, c.req.valid("json"));
    return c.json({ stored }, 202);
  });
