/**
 * The widths the worker makes of every photo the artist uploads (AVIF and WebP each), and where
 * the public site asks for them: /media/<key>/<width>.<format>.
 */
export const uploadWidths = [400, 800, 1200] as const;

export const uploadUrl = (key: string, width: number, format: "avif" | "webp") =>
  `/media/${key}/${width}.${format}`;

/**
 * The sizes of a photo as `srcset` entries: each width the worker made, described by the width
 * the file really has (a photo narrower than a size was not enlarged, so that file is the photo
 * at its own width, and larger sizes repeat it: they are left out).
 */
export function uploadSources(photoWidth: number): { file: number; width: number }[] {
  const sources: { file: number; width: number }[] = [];
  for (const file of uploadWidths) {
    sources.push({ file, width: Math.min(file, photoWidth) });
    if (file >= photoWidth) break;
  }
  return sources;
}
