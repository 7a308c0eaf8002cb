import { drizzle } from "drizzle-orm/d1";
import { Hono } from "hono";
import { eventsBatchSchema } from "../../../shared/schemas/measurements";
import { limitBody } from "../../platform/middleware/body-limit";
import { rateLimit } from "../../platform/middleware/rate-limit";
import { validate } from "../../platform/middleware/validate";
import type { AppEnv } from "../../types";
import { takeMeasurementRows } from "./caps";
import { insertEvents, keptEvents } from "./queries";

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
    const db = drizzle(c.env.METRICS_DB);
    const batch = c.req.valid("json");
    const kept = await keptEvents(db, batch);
    const room = await takeMeasurementRows(db, c.env, c.req, kept.length);
    const stored = await insertEvents(db, batch.sessionId, kept.slice(0, room));
    return c.json({ stored }, 202);
  });
