import { Hono } from "hono";
import { maxReferenceImageBytes } from "../../../shared/reference-images";
import { ApiError } from "../../platform/api-error";
import { sameOrigin } from "../../platform/middleware/same-origin";
import { hasRoom, submissionQuota } from "../../platform/rate-limit";
import { clientAddress } from "../../platform/visitor";
import type { AppEnv } from "../../types";
import { PhotoRefused, readLimited } from "../photos/pipeline";
import { fileName, photoRefusal } from "../photos/refusal";
import { storeReferenceImage, UploadQuotaFull } from "./service";

/**
 * Uploads one visitor may make in an hour: six full requests of five images, with room to
 * replace a few. A script filling the bucket meets it; unclaimed uploads go after a day anyway.
 */
const uploadsPerHour = 30;

/** A visitor's refusals speak of images and the 10 MB limit. */
const refusal = (name: string, failure: Parameters<typeof photoRefusal>[1], bytes?: number) =>
  photoRefusal(name, failure, { noun: "image", maxBytes: maxReferenceImageBytes, bytes });

/**
 * POST /api/reference-images: one image per request, its raw bytes as the body and its name in
 * `X-File-Name` (URI-encoded), so the form shows each file's progress. Anonymous (the visitor
 * has no account) but same-origin and counted per address; answers the image's id and the
 * attach token a consultation request presents. Nothing here is ever readable by the public:
 * the artist reads the images through /api/admin/reference-images.
 */
export const referenceImageUploads = new Hono<AppEnv>().post("/", sameOrigin, async (c) => {
  const name = fileName(c.req.header("X-File-Name"));
  // Refused before a byte of the body is read when its declared size is already too large.
  const declared = Number(c.req.header("Content-Length") ?? "0");
  if (declared > maxReferenceImageBytes) throw refusal(name, { reason: "too_large" }, declared);
  const quota = await submissionQuota({
    scope: "reference-images",
    address: clientAddress(c.req),
    secret: c.env.RATE_LIMIT_SECRET,
    max: uploadsPerHour,
    windowSeconds: 3600,
    now: new Date(),
  });
  const tooMany = () =>
    new ApiError(
      429,
      `${name ? `"${name}"` : "The image"} was not added: too many images were sent from your connection in the last hour. Send your request without it, or try again later.`,
      { headers: { "Retry-After": String(quota.retryAfter) } },
    );
  if (!(await hasRoom(c.env.DB, quota))) throw tooMany();
  try {
    const image = await storeReferenceImage(
      c.env,
      await readLimited(c.req.raw.body, maxReferenceImageBytes),
      quota,
    );
    return c.json({ image }, 201);
  } catch (error) {
    if (error instanceof PhotoRefused) throw refusal(name, error.failure);
    if (error instanceof UploadQuotaFull) throw tooMany();
    throw error;
  }
});
