import { drizzle } from "drizzle-orm/d1";
import { Hono } from "hono";
import { metricsBatchSchema, vitalNames } from "../../shared/schemas/measurements";
import { insertVitals } from "../db/queries/measurements";
import { limitBody } from "../middleware/body-limit";
import { rateLimit } from "../middleware/rate-limit";
import { validate } from "../middleware/validate";
import type { AppEnv } from "../types";

/**
 * POST /api/metrics: web-vitals field data, sent by beacon when a page hides.
 * GET /api/metrics: what the endpoint accepts, for the admin system test page (no data).
 */
export const metrics = new Hono<AppEnv>()
  .use(
    rateLimit((env) => env.RATE_LIMIT_TELEMETRY, "telemetry"),
    limitBody(16 * 1024),
  )
  .get("/", (c) => c.json({ status: "ok", accepts: vitalNames, maxBatch: 10 }))
  .post("/", validate("json", metricsBatchSchema), async (c) => {
    const stored = await insertVitals(drizzle(c.env.DB), c.req.valid("json"));
    return c.json({ stored }, 202);
  });
