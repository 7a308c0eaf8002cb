import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { consultationSchema } from "../../shared/schemas/consultation";
import { submissionBodyLimit } from "../middleware/body-limit";
import { type IdempotencyEnv, idempotency } from "../middleware/idempotency";
import { submissionRateLimit } from "../middleware/rate-limit";
import { requireJson } from "../middleware/require-json";
import { securityScan } from "../middleware/security-scan";
import { submissionSettings } from "../services/config";
import { acceptSubmission } from "../services/submissions";
import { validationHook } from "./contact";

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
    zValidator("json", consultationSchema, validationHook),
    (c) => acceptSubmission(c, "consultation", c.req.valid("json")),
  );
