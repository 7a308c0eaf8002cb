import { type Context, Hono } from "hono";
import type { z } from "zod";
import { type AnySubmissionKind, submissionKind } from "../../../shared/submission-kinds";
import { submissionSettings } from "../../platform/config";
import { submissionBodyLimit } from "../../platform/middleware/body-limit";
import { type IdempotencyEnv, idempotency, replayedHeader } from "../../platform/middleware/idempotency";
import { type SubmissionQuotaEnv, submissionRateLimit } from "../../platform/middleware/rate-limit";
import { requireJson } from "../../platform/middleware/require-json";
import { securityScan } from "../../platform/middleware/security-scan";
import { validate } from "../../platform/middleware/validate";
import { clientAddress } from "../../platform/visitor";
import { acceptSubmission, type SubmissionRequest } from "./service";

export type SubmissionEnv = IdempotencyEnv & SubmissionQuotaEnv;

/**
 * A public form's endpoint, built from its kind's descriptor and mounted at /api/<path>:
 * GET /config for what the form needs from the server, and POST / to submit. A submission
 * passes, in order: the size limit, the JSON content type, a repeated Idempotency-Key (answered
 * from the stored answer), the rate limit, the security scan and the kind's schema.
 */
export function submissionRoutes<S extends z.ZodType>(
  kind: Pick<AnySubmissionKind, "name" | "path" | "offersBooking"> & { schema: S },
) {
  return new Hono<SubmissionEnv>()
    .get("/config", (c) => {
      const settings = submissionSettings(c.env);
      return c.json({
        turnstileSiteKey: settings.turnstileSiteKey,
        ...(kind.offersBooking ? { bookingWidgetUrl: settings.bookingWidgetUrl } : {}),
      });
    })
    .post(
      "/",
      submissionBodyLimit,
      requireJson,
      idempotency(kind.path),
      submissionRateLimit(kind.path),
      securityScan,
      validate("json", kind.schema),
      async (c) => {
        // The schema is a type parameter here (so each mounted route keeps its own input type for
        // the typed client); the service reads the data through the kind's descriptor.
        const data = c.req.valid("json") as z.output<AnySubmissionKind["schema"]>;
        const outcome = await acceptSubmission(submissionRequest(c), submissionKind(kind.name), data);
        if (outcome.replayed) c.header(replayedHeader, "true");
        return c.json(outcome.body, 201);
      },
    );
}

/** The plain values a submission service needs from this request. */
export function submissionRequest(c: Context<SubmissionEnv>): SubmissionRequest {
  let waitUntil: SubmissionRequest["waitUntil"] = null;
  try {
    const ctx = c.executionCtx;
    waitUntil = (work) => ctx.waitUntil(work);
  } catch {
    // No execution context (a direct app.request in a script).
  }
  return {
    env: c.env,
    clientIp: clientAddress(c.req),
    idempotency: c.get("idempotency") ?? null,
    quota: c.get("submissionQuota"),
    waitUntil,
  };
}
