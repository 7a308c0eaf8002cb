import { uploadWidths } from "../../../shared/content/upload-images";

/** The formats made of every width (shared/content/upload-images.ts), best first. */
const photoFormats = ["avif", "webp"] as const;
export type PhotoFormat = (typeof photoFormats)[number];

/** Every size object of a photo, as [width, format] pairs. */
export const photoSizes = uploadWidths.flatMap((width) =>
  photoFormats.map((format) => [width, format] as const),
);

/** Where each object of photo `key` lives in the bucket: the original stays private. */
export const originalObject = (key: string) => `${key}/original`;
export const sizeObject = (key: string, width: number, format: PhotoFormat) => `${key}/${width}.${format}`;
export const allObjects = (key: string) => [
  originalObject(key),
  ...photoSizes.map(([width, format]) => sizeObject(key, width, format)),
];
