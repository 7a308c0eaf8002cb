import { Hono } from "hono";
import { preciseLocationSchema } from "../../../shared/schemas/location";
import { limitBody } from "../../platform/middleware/body-limit";
import { rateLimit } from "../../platform/middleware/rate-limit";
import { validate } from "../../platform/middleware/validate";
import type { AppEnv } from "../../types";
import { publishedFacts } from "../content/facts";
import { locationFromEdge, locationFromFix } from "./service";

/**
 * GET /api/location: the visitor's approximate place from the edge's own geodata (source ip).
 * POST /api/location/precise: a GPS fix named offline from the bundled place list (source gps).
 * Missing geodata answers 'Unknown', never an error.
 */
export const location = new Hono<AppEnv>()
  .use(
    rateLimit((env) => env.RATE_LIMIT_LOCATION, "location"),
    // Three numbers: a fix is about 100 bytes.
    limitBody(1024),
  )
  .get("/", async (c) => {
    const startedAt = Date.now();
    const cf = c.req.raw.cf as Record<string, unknown> | undefined;
    const studioAt = (await publishedFacts(c.env)).studio.geo;
    return c.json(
      locationFromEdge(cf, { trustPlaceholder: c.env.ENVIRONMENT === "production", startedAt, studioAt }),
    );
  })
  .post("/precise", validate("json", preciseLocationSchema), async (c) => {
    const startedAt = Date.now();
    const studioAt = (await publishedFacts(c.env)).studio.geo;
    return c.json(locationFromFix(c.req.valid("json"), startedAt, studioAt));
  });
