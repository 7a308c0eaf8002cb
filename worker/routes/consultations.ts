import { Hono } from "hono";
import { consultationSchema } from "../../shared/schemas/consultation";
import { submissionBodyLimit } from "../middleware/body-limit";
import {
  type IdempotencyEnv,
  idempotency,
  replayedHeader,
  submissionRequest,
} from "../middleware/idempotency";
import { submissionRateLimit } from "../middleware/rate-limit";
import { requireJson } from "../middleware/require-json";
import { securityScan } from "../middleware/security-scan";
import { validate } from "../middleware/validate";
import { submissionSettings } from "../services/config";
import { acceptSubmission } from "../services/submissions";

/** POST /api/consultations: the request form on /book-consultation (public-site.md 2, 5, 7). */
export const consultations = new Hono<IdempotencyEnv>()
  .get("/config", (c) => {
    const settings = submissionSettings(c.env);
    return c.json({
      turnstileSiteKey: settings.turnstileSiteKey,
      bookingWidgetUrl: settings.bookingWidgetUrl,
    });
  })
  .post(
    "/",
    submissionBodyLimit,
    requireJson,
    idempotency("consultations"),
    submissionRateLimit("consultations"),
    securityScan,
    validate("json", consultationSchema),
    async (c) => {
      const outcome = await acceptSubmission(submissionRequest(c), "consultation", c.req.valid("json"));
      if (outcome.replayed) c.header(replayedHeader, "true");
      return c.json(outcome.body, 201);
    },
  );
