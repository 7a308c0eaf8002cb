import { uploadWidths } from "../../../shared/content/upload-images";
import { toBase64 } from "../../platform/crypto";
import { sniffType } from "./file-type";
import { allObjects, originalObject, photoSizes, sizeObject } from "./sizes";
import { MalformedPhoto, stripMetadata } from "./strip-metadata";

/**
 * One uploaded photo, from the request's bytes to its stored objects: the real type from the
 * bytes, the metadata removed, the site's sizes and a blurred placeholder made by the Images
 * binding, then everything stored in the bucket. docs/decisions/015-photo-uploads.md.
 */

/** The largest photo accepted: a phone's full-resolution JPEG is 3 to 15 MB. */
export const maxPhotoBytes = 25 * 1024 * 1024;
/** Pixels, past which decoding would not fit a Worker's memory. */
const maxPixels = 100_000_000;

export type PhotoFailure =
  | { reason: "too_large" }
  | { reason: "heif" }
  | { reason: "not_a_photo" }
  | { reason: "unreadable" }
  | { reason: "too_many_pixels" };

export class PhotoRefused extends Error {
  constructor(readonly failure: PhotoFailure) {
    super(failure.reason);
  }
}

interface ProcessedPhoto {
  type: string;
  bytes: number;
  width: number;
  height: number;
  placeholder: string;
}

const stream = (bytes: Uint8Array) => new Blob([bytes]).stream();

/** Reads a request body up to the limit: a body that turns out larger is refused while it streams. */
export async function readLimited(
  body: ReadableStream<Uint8Array> | null,
  maxBytes = maxPhotoBytes,
): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = body.getReader();
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > maxBytes) {
      await reader.cancel();
      throw new PhotoRefused({ reason: "too_large" });
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/** Encodes one size; any failure means the Images binding could not decode the photo. */
async function encode(images: ImagesBinding, bytes: Uint8Array, width: number, format: "avif" | "webp") {
  const result = await images
    .input(stream(bytes))
    .transform({ width, fit: "scale-down" })
    .output({ format: `image/${format}`, quality: format === "avif" ? 55 : 75 });
  return new Uint8Array(await result.response().arrayBuffer());
}

/** Width and height of a WebP the binding made (upright, as the sizes are). */
export function webpSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === "VP8X")
    return {
      width: (view.getUint32(24, true) & 0xffffff) + 1,
      height: (view.getUint32(27, true) & 0xffffff) + 1,
    };
  if (chunk === "VP8L") {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
}

/**
 * The checks every uploaded picture passes, the artist's and a visitor's alike: its size, its
 * real type from the bytes (HEIC refused), its metadata removed before any decoder sees it, and
 * a pixel count a Worker can decode. Returns the cleaned bytes and what the binding read of them.
 */
export async function cleanPhoto(images: ImagesBinding, raw: Uint8Array, maxBytes = maxPhotoBytes) {
  if (raw.length > maxBytes) throw new PhotoRefused({ reason: "too_large" });
  const sniffed = sniffType(raw.subarray(0, 16));
  if (sniffed.kind === "heif") throw new PhotoRefused({ reason: "heif" });
  if (sniffed.kind === "other") throw new PhotoRefused({ reason: "not_a_photo" });
  let original: Uint8Array;
  try {
    original = stripMetadata(raw, sniffed.type);
  } catch (error) {
    if (error instanceof MalformedPhoto) throw new PhotoRefused({ reason: "unreadable" });
    throw error;
  }
  let info: ImageInfoResponse;
  try {
    info = await images.info(stream(original));
  } catch {
    throw new PhotoRefused({ reason: "unreadable" });
  }
  if (!("width" in info)) throw new PhotoRefused({ reason: "not_a_photo" });
  if (info.width * info.height > maxPixels) throw new PhotoRefused({ reason: "too_many_pixels" });
  return { original, type: sniffed.type, info };
}

/**
 * Turns the uploaded bytes into what is stored: the cleaned original and every size, in memory
 * (the largest size is a few hundred KB), so nothing is written for a photo that fails.
 */
export async function processPhoto(images: ImagesBinding, raw: Uint8Array) {
  const { original, type, info } = await cleanPhoto(images, raw);
  const sizes = new Map<string, Uint8Array>();
  let placeholder: Uint8Array;
  try {
    // One at a time: each decode holds the whole photo's pixels (12 MP is about 48 MB).
    for (const [width, format] of photoSizes)
      sizes.set(`${width}.${format}`, await encode(images, original, width, format));
    placeholder = await encode(images, original, 16, "webp");
  } catch {
    throw new PhotoRefused({ reason: "unreadable" });
  }
  const largest = sizes.get(`${uploadWidths[uploadWidths.length - 1]}.webp`) ?? new Uint8Array();
  const shown = webpSize(largest);
  // The widest size is the photo itself when it is narrower than that size; otherwise the
  // upright size follows from the stored pixel count, whichever way the phone held it.
  const landscape = shown.width >= shown.height;
  const width = landscape ? Math.max(info.width, info.height) : Math.min(info.width, info.height);
  const height = Math.round((width * shown.height) / shown.width);
  return {
    original,
    sizes,
    photo: {
      type,
      bytes: original.length,
      width,
      height,
      placeholder: `data:image/webp;base64,${toBase64(placeholder)}`,
    } satisfies ProcessedPhoto,
  };
}

/**
 * Stores a processed photo's objects, then calls `record` (the database row). If any write or
 * the record fails, every object already written is deleted before the error goes on: a failed
 * upload leaves nothing behind (the cron's sweep catches what a crash in between could leave).
 */
export async function storePhoto(
  bucket: R2Bucket,
  key: string,
  processed: Awaited<ReturnType<typeof processPhoto>>,
  record: () => Promise<void>,
) {
  try {
    await bucket.put(originalObject(key), processed.original, {
      httpMetadata: { contentType: processed.photo.type },
    });
    for (const [width, format] of photoSizes) {
      const bytes = processed.sizes.get(`${width}.${format}`);
      if (!bytes) throw new Error(`size ${width}.${format} missing`);
      await bucket.put(sizeObject(key, width, format), bytes, {
        httpMetadata: { contentType: `image/${format}` },
      });
    }
    await record();
  } catch (error) {
    await bucket.delete(allObjects(key)).catch(() => {});
    throw error;
  }
}
