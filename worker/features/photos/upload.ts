import { drizzle } from "drizzle-orm/d1";
import { ApiError } from "../../platform/api-error";
import { maxPhotoBytes, PhotoRefused, processPhoto, readLimited, storePhoto } from "./pipeline";
import { countPhotosSince, insertPhoto } from "./queries";
import { photoRefusal } from "./refusal";

/**
 * Uploads a script could make in an hour before the next is refused: the editor sends at most
 * 20 at once, so this is five full batches, and an upload nobody uses is swept after a day.
 */
const uploadsPerHour = 100;

/** The artist's refusals speak of photos and the editor's 25 MB limit. */
export const photoUploadRefusal = (
  name: string,
  failure: Parameters<typeof photoRefusal>[1],
  bytes?: number,
) => photoRefusal(name, failure, { noun: "photo", maxBytes: maxPhotoBytes, bytes });

/**
 * One photo the artist uploads for the editor: within the hourly allowance, its type read from
 * its bytes, its metadata stripped and its sizes made, stored privately under a fresh key with
 * its row (storePhoto leaves no object behind when the row cannot be written).
 */
export async function uploadPhoto(
  env: { DB: D1Database; IMAGES: ImagesBinding; PHOTOS: R2Bucket },
  upload: { name: string; body: ReadableStream<Uint8Array> | null; by: string },
) {
  const db = drizzle(env.DB);
  const since = new Date(Date.now() - 60 * 60 * 1000).toISOString();
  if ((await countPhotosSince(db, since)) >= uploadsPerHour) {
    throw new ApiError(
      429,
      `${upload.name ? `"${upload.name}"` : "The photo"} was not uploaded: ${uploadsPerHour} photos were uploaded in the last hour, the most the studio accepts. Use the ones already uploaded, or try again in an hour.`,
      { headers: { "Retry-After": "3600" } },
    );
  }
  let processed: Awaited<ReturnType<typeof processPhoto>>;
  try {
    processed = await processPhoto(env.IMAGES, await readLimited(upload.body));
  } catch (error) {
    if (error instanceof PhotoRefused) throw photoUploadRefusal(upload.name, error.failure);
    throw error;
  }
  const key = `uploads/${crypto.randomUUID()}`;
  const { photo } = processed;
  const name = upload.name || "photo";
  await storePhoto(env.PHOTOS, key, processed, () =>
    insertPhoto(db, { key, name, ...photo, createdBy: upload.by }),
  );
  return { key, name, width: photo.width, height: photo.height, placeholder: photo.placeholder };
}

/** A photo's row once its copies are stored, for a feature that adds one of its own. */
export { insertPhoto } from "./queries";
