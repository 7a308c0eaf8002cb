import { drizzle } from "drizzle-orm/d1";
import { Hono } from "hono";
import { metricsBatchSchema, vitalNames } from "../../shared/schemas/measurements";
import { insertVitals, unreportedVitals } from "../db/queries/measurements";
import { limitBody } from "../middleware/body-limit";
import { rateLimit } from "../middleware/rate-limit";
import { validate } from "../middleware/validate";
import { takeMeasurementRows } from "../services/measurement-caps";
import type { AppEnv } from "../types";

/**
 * POST /api/metrics: web-vitals field data, sent by beacon when a page hides. One of each
 * web-vital per page view, within the visitor's daily allowance; the rest is answered 202 and
 * dropped, as the beacon never reads the answer.
 * GET /api/metrics: what the endpoint accepts, for the admin system test page (no data).
 */
export const metrics = new Hono<AppEnv>()
  .use(
    rateLimit((env) => env.RATE_LIMIT_TELEMETRY, "telemetry"),
    limitBody(16 * 1024),
  )
  .get("/", (c) => c.json({ status: "ok", accepts: vitalNames, maxBatch: 10 }))
  .post("/", validate("json", metricsBatchSchema), async (c) => {
    const db = drizzle(c.env.METRICS_DB);
    const batch = c.req.valid("json");
    const fresh = await unreportedVitals(db, batch);
    const room = await takeMeasurementRows(db, c.env, c.req, fresh.length);
    const stored = await insertVitals(db, batch, fresh.slice(0, room));
    return c.json({ stored }, 202);
  });
