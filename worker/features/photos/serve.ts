import { uploadWidths } from "../../../shared/content/upload-images";
import { z } from "../../../shared/schemas/z";
import { type PhotoFormat, sizeObject } from "./sizes";

/** A size's path parameters: the photo's random id and one of the widths and formats made. */
export const sizeParam = z.object({
  id: z.uuid(),
  file: z
    .string()
    .regex(/^\d{3,4}\.(avif|webp)$/)
    .refine((file) => (uploadWidths as readonly number[]).includes(Number.parseInt(file, 10))),
});

/** A stored size as a response, or null when the bucket has no such object. */
export async function serveSize(
  bucket: R2Bucket,
  { id, file }: z.infer<typeof sizeParam>,
  cacheControl: string,
): Promise<Response | null> {
  const [width, format] = file.split(".") as [string, PhotoFormat];
  const object = await bucket.get(sizeObject(`uploads/${id}`, Number(width), format));
  if (!object) return null;
  return new Response(object.body, {
    headers: {
      "Content-Type": `image/${format}`,
      "Content-Length": String(object.size),
      "Cache-Control": cacheControl,
      ETag: object.httpEtag,
    },
  });
}
