import { Hono } from "hono";
import { ApiError } from "../../platform/api-error";
import { validate } from "../../platform/middleware/validate";
import type { AdminEnv } from "../sign-in/middleware";
import { maxPhotoBytes } from "./pipeline";
import { fileName } from "./refusal";
import { serveSize, sizeParam } from "./serve";
import { photoUploadRefusal, uploadPhoto } from "./upload";

/**
 * /api/admin/photos: one photo per request (its raw bytes as the body), so the editor shows
 * each file's progress and twenty photos never make one huge body; and the sizes of any photo,
 * published or not, for the editor's previews. docs/decisions/015-photo-uploads.md.
 */
export const adminPhotos = new Hono<AdminEnv>()
  .post("/", async (c) => {
    const name = fileName(c.req.header("X-File-Name"));
    const declared = Number(c.req.header("Content-Length") ?? "0");
    if (declared > maxPhotoBytes) throw photoUploadRefusal(name, { reason: "too_large" }, declared);
    const {
      key,
      width,
      height,
      placeholder,
      name: stored,
    } = await uploadPhoto(c.env, {
      name,
      body: c.req.raw.body,
      by: c.get("admin").email,
    });
    return c.json(
      {
        photo: { key, width, height, placeholder, name: stored },
        image: { source: "upload" as const, key, width, height, placeholder },
      },
      201,
    );
  })
  .get("/uploads/:id/:file", validate("param", sizeParam), async (c) => {
    const response = await serveSize(c.env.PHOTOS, c.req.valid("param"), "private, max-age=3600");
    if (!response) throw new ApiError(404, "There is no such photo.");
    return response;
  });
