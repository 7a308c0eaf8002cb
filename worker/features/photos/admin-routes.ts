import { drizzle } from "drizzle-orm/d1";
import { Hono } from "hono";
import { ApiError } from "../../platform/api-error";
import { validate } from "../../platform/middleware/validate";
import type { AdminEnv } from "../sign-in/middleware";
import { maxPhotoBytes, PhotoRefused, processPhoto, readLimited, storePhoto } from "./pipeline";
import { countPhotosSince, insertPhoto } from "./queries";
import { fileName, photoRefusal } from "./refusal";
import { serveSize, sizeParam } from "./serve";

/**
 * Uploads a script could make in an hour before the next is refused: the editor sends at most
 * 20 at once, so this is five full batches, and an upload nobody uses is swept after a day.
 */
const uploadsPerHour = 100;

/** The artist's refusals speak of photos and the editor's 25 MB limit. */
const refusal = (name: string, failure: Parameters<typeof photoRefusal>[1], bytes?: number) =>
  photoRefusal(name, failure, { noun: "photo", maxBytes: maxPhotoBytes, bytes });

/**
 * /api/admin/photos: one photo per request (its raw bytes as the body), so the editor shows
 * each file's progress and twenty photos never make one huge body; and the sizes of any photo,
 * published or not, for the editor's previews. docs/decisions/015-photo-uploads.md.
 */
export const adminPhotos = new Hono<AdminEnv>()
  .post("/", async (c) => {
    const name = fileName(c.req.header("X-File-Name"));
    const declared = Number(c.req.header("Content-Length") ?? "0");
    if (declared > maxPhotoBytes) throw refusal(name, { reason: "too_large" }, declared);
    const db = drizzle(c.env.DB);
    const since = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    if ((await countPhotosSince(db, since)) >= uploadsPerHour) {
      throw new ApiError(
        429,
        `${name ? `"${name}"` : "The photo"} was not uploaded: ${uploadsPerHour} photos were uploaded in the last hour, the most the studio accepts. Use the ones already uploaded, or try again in an hour.`,
        { headers: { "Retry-After": "3600" } },
      );
    }
    let processed: Awaited<ReturnType<typeof processPhoto>>;
    try {
      processed = await processPhoto(c.env.IMAGES, await readLimited(c.req.raw.body));
    } catch (error) {
      if (error instanceof PhotoRefused) throw refusal(name, error.failure);
      throw error;
    }
    const key = `uploads/${crypto.randomUUID()}`;
    const { photo } = processed;
    await storePhoto(c.env.PHOTOS, key, processed, () =>
      insertPhoto(db, { key, name: name || "photo", ...photo, createdBy: c.get("admin").email }),
    );
    const { width, height, placeholder } = photo;
    return c.json(
      {
        photo: { key, width, height, placeholder, name: name || "photo" },
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
