import { Hono } from "hono";
import { contactSchema } from "../../shared/schemas/contact";
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

/** POST /api/contact: the contact form on /contact (public-site.md 2, 5, 7). */
export const contact = new Hono<IdempotencyEnv>()
  .get("/config", (c) => c.json({ turnstileSiteKey: submissionSettings(c.env).turnstileSiteKey }))
  .post(
    "/",
    submissionBodyLimit,
    requireJson,
    idempotency("contact"),
    submissionRateLimit("contact"),
    securityScan,
    validate("json", contactSchema),
    async (c) => {
      const outcome = await acceptSubmission(submissionRequest(c), "contact", c.req.valid("json"));
      if (outcome.replayed) c.header(replayedHeader, "true");
      return c.json(outcome.body, 201);
    },
  );
