import { ApiError } from "../../platform/api-error";
import type { PhotoFailure } from "./pipeline";

/** The file's name as the device sent it (URI-encoded in a header), fit for a message; "" if none. */
export function fileName(header: string | undefined): string {
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

/** A refused file's size: to a tenth where whole megabytes would read as the limit itself. */
const refusedSize = (bytes: number, maxBytes: number) =>
  Math.round(bytes / (1024 * 1024)) > maxBytes / (1024 * 1024)
    ? megabytes(bytes)
    : `${(Math.ceil((bytes / (1024 * 1024)) * 10) / 10).toFixed(1)} MB`;

/**
 * Each refusal names the file, says what is wrong and what to do; `noun` is what the person
 * calls it (the artist's photo, a visitor's image) and `maxBytes` the limit of their upload.
 */
export function photoRefusal(
  name: string,
  failure: PhotoFailure,
  { noun, maxBytes, bytes }: { noun: "photo" | "image"; maxBytes: number; bytes?: number | undefined },
): ApiError {
  const quoted = name ? `"${name}"` : `The ${noun}`;
  const limit = megabytes(maxBytes);
  switch (failure.reason) {
    case "too_large":
      return new ApiError(
        413,
        `${quoted} is ${bytes ? refusedSize(bytes, maxBytes) : `over ${limit}`}; ${noun === "photo" ? "a photo" : "an image"} can be at most ${limit}. Export it at a smaller size (or take a screenshot of it), then upload it again.`,
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
        `${quoted} is not a JPEG, PNG or WebP ${noun}, whatever its name says. Choose ${noun === "photo" ? "a photo" : "an image"} in one of those formats.`,
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
