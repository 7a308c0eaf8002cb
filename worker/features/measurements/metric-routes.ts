import { drizzle } from "drizzle-orm/d1";
import { metricsBatchSchema, vitalNames } from "../../../shared/schemas/measurements";
import { validate } from "../../platform/middleware/validate";
import { siteSpeed } from "../dashboard/site-speed";
import { recordVitals } from "./service";
import { telemetryRoutes } from "./telemetry-routes";

/**
 * POST /api/metrics: web-vitals field data, sent every 30 s and by beacon when a page hides. One
 * row of each web-vital per page view, holding its latest value, within the visitor's daily
 * allowance; the rest is answered 202 and dropped, as the beacon never reads the answer.
 * GET /api/metrics: what the endpoint accepts, for the admin system test page (no data).
 * GET /api/metrics/summary: the site's speed for its real visitors, for the reviews page's
 * performance view (anonymous aggregates only: a p75 and a count per web-vital).
 */
export const metrics = telemetryRoutes(16 * 1024)
  .get("/", (c) => c.json({ status: "ok", accepts: vitalNames, maxBatch: 10 }))
  .get("/summary", async (c) => {
    const figures = await siteSpeed(drizzle(c.env.METRICS_DB), c.env.KV, Date.now());
    c.header("Cache-Control", "public, max-age=300");
    return c.json(figures);
  })
  .post("/", validate("json", metricsBatchSchema), async (c) => {
    const stored = await recordVitals(c.env, c.req, c.req.valid("json"));
    return c.json({ stored }, 202);
  });
