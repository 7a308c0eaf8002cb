import { createMiddleware } from "hono/factory";
import { scanPayload, unsafeContentMessage } from "../../../shared/schemas/security-scan";
import type { AppEnv } from "../../types";
import { ApiError } from "../api-error";
import { log } from "../log";

/**
 * Parses the JSON body (400 when it is not valid JSON) and runs the shared security scan over
 * the whole payload before any field validation: unsafe content gets one generic 400 and is
 * never saved. The parsed body stays cached for the validator.
 */
export const securityScan = createMiddleware<AppEnv>(async (c, next) => {
  let payload: unknown;
  try {
    payload = await c.req.json();
  } catch {
    throw new ApiError(400, "The request body is not valid JSON.", { code: "invalid_json" });
  }
  const threat = scanPayload(payload);
  if (threat) {
    log("warn", "unsafe submission refused", { requestId: c.get("requestId"), path: c.req.path, threat });
    throw new ApiError(400, unsafeContentMessage, { code: "unsafe_content" });
  }
  await next();
});
