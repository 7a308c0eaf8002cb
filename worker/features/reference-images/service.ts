import { drizzle } from "drizzle-orm/d1";
import {
  maxReferenceImageBytes,
  type ReferenceImageClaim,
  type ReferenceImageUploaded,
  unattachedReferenceHours,
} from "../../../shared/reference-images";
import { ApiError } from "../../platform/api-error";
import { randomToken, sha256Hex } from "../../platform/crypto";
import { isQuotaExhausted } from "../../platform/db/rate-limit-queries";
import { deleteOrphanObjects } from "../../platform/orphan-objects";
import type { SubmissionQuota } from "../../platform/rate-limit";
import { cleanPhoto, PhotoRefused, webpSize } from "../photos/pipeline";
import {
  deletableReferenceImages,
  deleteReferenceImageRows,
  existingReferenceImageIds,
  isAttachedReferenceImage,
  type ReferenceClaim,
  recordReferenceImage,
  referenceImagesByIds,
} from "./queries";

/**
 * A visitor's reference images (docs/decisions/016-reference-images.md): checked and cleaned as
 * the artist's photos are (worker/features/photos/pipeline.ts), kept as two re-encoded WebP
 * copies (no metadata survives a re-encode; the original is not kept), private to the artist.
 */

/** The two copies: the inbox card's thumbnail and the full image the artist opens. */
const copies = { thumb: 320, full: 2000 } as const;
export type ReferenceCopy = keyof typeof copies;
export const referenceCopies = Object.keys(copies) as ReferenceCopy[];

const prefix = "references/";
const referenceObject = (id: string, copy: ReferenceCopy) => `${prefix}${id}/${copy}.webp`;
const allObjects = (id: string) => referenceCopies.map((copy) => referenceObject(id, copy));

/** The visitor's window filled while this upload was processed (a concurrent one took the last place). */
export class UploadQuotaFull extends Error {}

/** Within the box, never enlarged; a failure means the binding could not decode the picture. */
async function encodeWithin(images: ImagesBinding, bytes: Uint8Array, box: number) {
  const result = await images
    .input(new Blob([bytes]).stream())
    .transform({ width: box, height: box, fit: "scale-down" })
    .output({ format: "image/webp", quality: 80 });
  return new Uint8Array(await result.response().arrayBuffer());
}

/**
 * Checks, cleans and stores one uploaded image, then records it with the visitor's upload count
 * (a full window stores nothing). Answers the id and a fresh attach token, of which only the
 * SHA-256 is kept: the token is what lets a request claim the image, so it is a credential.
 */
export async function storeReferenceImage(
  env: Pick<Env, "DB" | "PHOTOS" | "IMAGES">,
  raw: Uint8Array,
  quota: SubmissionQuota,
): Promise<ReferenceImageUploaded> {
  const { original, type } = await cleanPhoto(env.IMAGES, raw, maxReferenceImageBytes);
  let full: Uint8Array;
  let thumb: Uint8Array;
  try {
    // One at a time: each decode holds the whole picture's pixels.
    full = await encodeWithin(env.IMAGES, original, copies.full);
    thumb = await encodeWithin(env.IMAGES, original, copies.thumb);
  } catch {
    throw new PhotoRefused({ reason: "unreadable" });
  }
  const { width, height } = webpSize(full);
  const id = crypto.randomUUID();
  const token = randomToken();
  try {
    await env.PHOTOS.put(referenceObject(id, "full"), full, { httpMetadata: { contentType: "image/webp" } });
    await env.PHOTOS.put(referenceObject(id, "thumb"), thumb, {
      httpMetadata: { contentType: "image/webp" },
    });
    await recordReferenceImage(env.DB, { id, tokenHash: await sha256Hex(token), type, width, height }, quota);
  } catch (error) {
    // Nothing half-stored: the objects go with the row that failed (the sweep finds what a
    // crash in between leaves).
    await env.PHOTOS.delete(allObjects(id)).catch(() => {});
    throw isQuotaExhausted(error) ? new UploadQuotaFull() : error;
  }
  return { id, token, width, height };
}

/** The message under the form when a claimed image cannot be attached. */
const unavailableImages = (count: number) =>
  count === 1
    ? "One of your reference images is no longer available (it was sent already or removed after a day). Remove it and add it again."
    : "Some of your reference images are no longer available (sent already or removed after a day). Remove them and add them again.";

/**
 * The claims of a request, checked before it is saved: every image exists, the token is its
 * own, and no request has it yet. Refused as a 400 naming the field, nothing saved; the batch
 * that saves the request checks again (worker/features/reference-images/queries.ts).
 */
export async function checkReferenceClaims(
  db: D1Database,
  claims: readonly ReferenceImageClaim[],
): Promise<ReferenceClaim[]> {
  if (claims.length === 0) return [];
  const rows = new Map(
    (
      await referenceImagesByIds(
        drizzle(db),
        claims.map((claim) => claim.id),
      )
    ).map((row) => [row.id, row]),
  );
  const hashed = await Promise.all(
    claims.map(async (claim) => ({ id: claim.id, tokenHash: await sha256Hex(claim.token) })),
  );
  const failing = hashed.filter((claim) => {
    const row = rows.get(claim.id);
    return !row || row.tokenHash !== claim.tokenHash || row.submissionId !== null || row.attachedAt !== null;
  });
  if (failing.length) throw unavailableReferenceImages(failing.length);
  return hashed;
}

export const unavailableReferenceImages = (count: number) =>
  new ApiError(400, unavailableImages(count), {
    code: "validation",
    fields: { referenceImages: unavailableImages(count) },
  });

/** Bounded like retention: a backlog is worked off over the next runs, five minutes apart. */
const imagesPerRun = 100;

/**
 * Deletes reference images nobody may keep: uploads no request claimed within a day, images of
 * requests that are gone (retention, or deleted by hand), and objects older than a day without
 * a row (an upload cut off between storing and recording it). Objects first, then rows.
 */
export async function sweepReferenceImages(env: Pick<Env, "DB" | "PHOTOS">, now: Date) {
  const db = drizzle(env.DB);
  const before = new Date(now.getTime() - unattachedReferenceHours * 3_600_000);
  const deletable = (await deletableReferenceImages(db, before.toISOString(), imagesPerRun)).map(
    (row) => row.id,
  );
  if (deletable.length) {
    await env.PHOTOS.delete(deletable.flatMap(allObjects));
    await deleteReferenceImageRows(db, deletable);
  }
  const orphanObjects = await deleteOrphanObjects(env.PHOTOS, {
    prefix,
    before,
    ownerOf: (objectKey) => objectKey.slice(prefix.length).split("/")[0] ?? "",
    recordedOwners: (ids) => existingReferenceImageIds(db, ids),
  });
  return { deletedImages: deletable.length, orphanObjects };
}

/** One copy of an attached image as a response, or null when there is none to show. */
export async function serveReferenceImage(
  env: Pick<Env, "DB" | "PHOTOS">,
  id: string,
  copy: ReferenceCopy,
): Promise<Response | null> {
  if (!(await isAttachedReferenceImage(drizzle(env.DB), id))) return null;
  const object = await env.PHOTOS.get(referenceObject(id, copy));
  if (!object) return null;
  return new Response(object.body, {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(object.size),
      "Cache-Control": "private, max-age=3600",
      ETag: object.httpEtag,
    },
  });
}

/** The images of one request, for its status page, reached through this service. */
export { isMessageImageOf, isRequestImageOf, messageImagesOf, referenceImagesOf } from "./queries";
