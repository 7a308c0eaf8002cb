/**
 * Reference images sent with a consultation request (docs/decisions/016-reference-images.md):
 * the limits the form, the worker and the privacy policy state, in one place.
 */

/** Images one request may carry. */
export const maxReferenceImages = 5;
/** The largest file accepted, before its metadata is removed. */
export const maxReferenceImageMegabytes = 10;
export const maxReferenceImageBytes = maxReferenceImageMegabytes * 1024 * 1024;
/** The types accepted, as the file picker offers them (the worker reads the real type from the bytes). */
const referenceImageTypes = ["image/jpeg", "image/png", "image/webp"] as const;
/** An upload no request claimed is deleted after this many hours. */
export const unattachedReferenceHours = 24;

/*
 * The form's first script names these limits by type only (ReferenceImageLimits), so that this
 * module stays out of what every visit to the page loads; the type check keeps them equal.
 */
export type ReferenceImageLimits = {
  count: typeof maxReferenceImages;
  megabytes: typeof maxReferenceImageMegabytes;
  types: typeof referenceImageTypes;
};

/** What the upload answers (201): the image's id and the token a request presents to attach it. */
export interface ReferenceImageUploaded {
  id: string;
  token: string;
  width: number;
  height: number;
}

/** What a request carries per image: the id and the attach token the upload answered. */
export interface ReferenceImageClaim {
  id: string;
  token: string;
}
