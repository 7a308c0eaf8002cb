import { eventsBatchSchema } from "../../../shared/schemas/measurements";
import { validate } from "../../platform/middleware/validate";
import { recordEvents } from "./service";
import { telemetryRoutes } from "./telemetry-routes";

/**
 * POST /api/events: first-party analytics and A/B exposures/conversions, within the visitor's
 * daily allowance; A/B events count once per session, a conversion only after its exposure.
 */
export const events = telemetryRoutes(16 * 1024).post("/", validate("json", eventsBatchSchema), async (c) => {
  const stored = await recordEvents(c.env, c.req, c.req.valid("json"));
  return c.json({ stored }, 202);
});
