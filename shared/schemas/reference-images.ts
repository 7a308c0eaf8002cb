import { maxReferenceImages } from "../reference-images";
import { z } from "./z";

/** An attach token: 32 random bytes as unpadded base64url. */
const attachToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, "This image's upload is not valid: add it again.");

/**
 * The reference images a request claims (up to five, each once). Optional: without JavaScript,
 * and for most requests, there are none.
 */
export const referenceImagesField = z
  .array(z.object({ id: z.uuid("This image's upload is not valid: add it again."), token: attachToken }))
  .max(maxReferenceImages, `A request can carry at most ${maxReferenceImages} reference images.`)
  .refine((claims) => new Set(claims.map((claim) => claim.id)).size === claims.length, {
    message: "The same reference image is attached twice: remove one.",
  })
  .default([]);
