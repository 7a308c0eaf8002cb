import { drizzle } from "drizzle-orm/d1";
import { Hono } from "hono";
import { countPhotosSince, insertPhoto } from "../../db/queries/photos";
import { ApiError } from "../../lib/api-error";
import type { AdminEnv } from "../../middleware/auth";
import { validate } from "../../middleware/validate";
import {
  maxPhotoBytes,
  type PhotoFailure,
  PhotoRefused,
  processPhoto,
  readLimited,
  storePhoto,
} from "../../services/photos/pipeline";
import { serveSize, sizeParam } from "../../services/photos/serve";

/**
 * Uploads a script could make in an hour before the next is refused: the editor sends at most
 * 20 at once, so this is five full batches, and an upload nobody uses is swept after a day.
 */
const uploadsPerHour = 100;

/** The file's name as the device sent it (URI-encoded in a header), fit for a message; "" if none. */
function fileName(header: string | undefined): string {
  let name = "";
  try {
    name = decodeURIComponent(header ?? "");
  } catch {
    name = header ?? "";
  }
  // Control characters would garble the message the name is quoted in.
  name = [...name]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join("")
    .trim()
    .slice(0, 120);
  return name;
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Each refusal names the file, says what is wrong and what to do. */
function refusal(name: string, failure: PhotoFailure, bytes?: number): ApiError {
  const quoted = name ? `"${name}"` : "The photo";
  switch (failure.reason) {
    case "too_large":
      return new ApiError(
        413,
        `${quoted} is ${bytes ? megabytes(bytes) : "over 25 MB"}; a photo can be at most 25 MB. Export it at a smaller size (or take a screenshot of it), then upload it again.`,
        { code: "too_large" },
      );
    case "heif":
      return new ApiError(
        415,
        `${quoted} is an iPhone HEIC photo, which the site cannot convert. Share it as a JPEG instead (in Photos: Share > Options > Most Compatible), or set the iPhone to take JPEGs: Settings > Camera > Formats > Most Compatible. Then upload it again.`,
        { code: "heic" },
      );
    case "not_a_photo":
      return new ApiError(
        415,
        `${quoted} is not a JPEG, PNG or WebP photo, whatever its name says. Choose a photo in one of those formats.`,
        { code: "unsupported_type" },
      );
    case "too_many_pixels":
      return new ApiError(
        422,
        `${quoted} has more than 100 million pixels, more than the site can resize. Export it smaller, then upload it again.`,
        { code: "too_many_pixels" },
      );
    case "unreadable":
      return new ApiError(
        422,
        `${quoted} could not be read as a picture: the file seems damaged or incomplete. Copy or export it again from the original, then upload it.`,
        { code: "unreadable" },
      );
  }
}

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
