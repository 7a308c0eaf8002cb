import { Hono } from "hono";
import { eventsBatchSchema } from "../../../shared/schemas/measurements";
import { limitBody } from "../../platform/middleware/body-limit";
import { rateLimit } from "../../platform/middleware/rate-limit";
import { validate } from "../../platform/middleware/validate";
import type { AppEnv } from "../../types";
import { recordEvents } from "./service";

/**
 * POST /api/events: first-party analytics and A/B exposures/conversions, within the visitor's
 * daily allowance; A/B events count once per session, a conversion only after its exposure.
 */
export const events = new Hono<AppEnv>()
  .use(
    rateLimit((env) => env.RATE_LIMIT_TELEMETRY, "telemetry"),
    limitBody(16 * 1024),
  )
  .post("/", validate("json", eventsBatchSchema), async (c) => {
    const stored = await recordEvents(c.env, c.req, c.req.valid("json"));
    return c.json({ stored }, 202);
  });
