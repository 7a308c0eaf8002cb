import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { contactSchema } from "../../shared/schemas/contact";
import { fieldErrors } from "../../shared/schemas/fields";
import { ApiError } from "../lib/api-error";
import { submissionBodyLimit } from "../middleware/body-limit";
import { type IdempotencyEnv, idempotency } from "../middleware/idempotency";
import { submissionRateLimit } from "../middleware/rate-limit";
import { requireJson } from "../middleware/require-json";
import { securityScan } from "../middleware/security-scan";
import { submissionSettings } from "../services/config";
import { acceptSubmission } from "../services/submissions";

/** The 400 every invalid form gets: one message per field, the same ones the browser shows. */
export const validationHook = (result: { success: boolean; error?: { issues: readonly unknown[] } }) => {
  if (!result.success) {
    throw new ApiError(400, "Some fields need attention.", {
      code: "validation",
      // biome-ignore lint/suspicious/noExplicitAny: zod issues, typed by fieldErrors
      fields: fieldErrors((result.error?.issues ?? []) as any),
    });
  }
};

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
    zValidator("json", contactSchema, validationHook),
    (c) => acceptSubmission(c, "contact", c.req.valid("json")),
  );
