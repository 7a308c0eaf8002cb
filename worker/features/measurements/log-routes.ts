import { logEntrySchema } from "../../../shared/schemas/measurements";
import { validate } from "../../platform/middleware/validate";
import { recordClientLog } from "./service";
import { telemetryRoutes } from "./telemetry-routes";

/**
 * POST /api/logs: browser log entries. In production only warn and above are
 * kept, within the visitor's daily allowance; the user agent string is accepted for
 * compatibility and dropped.
 */
export const logs = telemetryRoutes(8 * 1024).post("/", validate("json", logEntrySchema), async (c) => {
  const stored = await recordClientLog(c.env, c.req, c.req.valid("json"));
  return c.json({ stored }, 202);
});
