import { Hono } from "hono";
import { healedPhotoSchema } from "../../../shared/schemas/aftercare-admin";
import { z } from "../../../shared/schemas/z";
import { validate } from "../../platform/middleware/validate";
import { consultationOr404 } from "../requests/lookup";
import type { AdminEnv } from "../sign-in/middleware";
import { addHealedPhotoToPortfolio } from "./healed-portfolio";
import { aftercareOf } from "./service";

const idParam = z.object({ id: z.string().min(1).max(100) });

/**
 * A request's aftercare from the artist's side, mounted at /api/admin/consultations/:id/aftercare
 * (docs/decisions/020-quote-to-healed.md, "Aftercare"): what the client chose, and "Add to
 * portfolio" on an image they sent, allowed only with their permission.
 */
export const consultationAftercare = new Hono<AdminEnv>()
  .get("/:id/aftercare", validate("param", idParam), async (c) => {
    const request = await consultationOr404(c.env.DB, c.req.valid("param").id);
    return c.json(await aftercareOf(c.env, request.id, new Date()));
  })
  /** A hidden draft piece from the client's image, with their permission (403 without it). */
  .post(
    "/:id/aftercare/portfolio",
    validate("param", idParam),
    validate("json", healedPhotoSchema),
    async (c) => {
      const request = await consultationOr404(c.env.DB, c.req.valid("param").id);
      const piece = await addHealedPhotoToPortfolio(c.env, {
        request,
        imageId: c.req.valid("json").imageId,
        admin: c.get("admin"),
        now: new Date(),
      });
      return c.json({ piece }, 201);
    },
  );
