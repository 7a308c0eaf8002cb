import { drizzle } from "drizzle-orm/d1";
import { Hono } from "hono";
import { eventsBatchSchema } from "../../shared/schemas/measurements";
import { insertEvents } from "../db/queries/measurements";
import { limitBody } from "../middleware/body-limit";
import { rateLimit } from "../middleware/rate-limit";
import { validate } from "../middleware/validate";
import type { AppEnv } from "../types";

/** POST /api/events: first-party analytics and A/B exposures/conversions. */
export const events = new Hono<AppEnv>()
  .use(
    rateLimit((env) => env.RATE_LIMIT_TELEMETRY, "telemetry"),
    limitBody(16 * 1024),
  )
  .post("/", validate("json", eventsBatchSchema), async (c) => {
    const stored = await insertEvents(drizzle(c.env.DB), c.req.valid("json"));
    return c.json({ stored }, 202);
  });
