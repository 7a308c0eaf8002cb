import { Hono } from "hono";
import { z } from "../../../shared/schemas/z";
import { ApiError } from "../../platform/api-error";
import { validate } from "../../platform/middleware/validate";
import type { AdminEnv } from "../sign-in/middleware";
import { referenceCopies, serveReferenceImage } from "./service";

const copyParam = z.object({ id: z.uuid(), copy: z.enum(referenceCopies as ["thumb", "full"]) });

/**
 * /api/admin/reference-images/<id>/<thumb|full>: a visitor's reference image, to the signed-in
 * artist only, and only once a request carries it (an upload still in a visitor's form is theirs).
 * Kept private in the browser's cache: it is a client's picture, never a public one.
 */
export const adminReferenceImages = new Hono<AdminEnv>().get(
  "/:id/:copy",
  validate("param", copyParam),
  async (c) => {
    const { id, copy } = c.req.valid("param");
    const response = await serveReferenceImage(c.env, id, copy);
    if (!response) throw new ApiError(404, "There is no such reference image.");
    return response;
  },
);
