import { z } from "./z";

/** The artist's "Add to portfolio" on an image the client sent: which image. */
export const healedPhotoSchema = z.object({
  imageId: z.string().trim().min(1, "Choose an image").max(100, "Choose an image"),
});
