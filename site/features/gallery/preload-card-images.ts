import { uploadUrl } from "../../../shared/content/upload-images";
import { artSrcSet, type ContentImage } from "../../components/content/art-image";
import { cardImageSizes } from "../../lib/lead-images";

/**
 * Fetches the images of the cards the next batch will show, before they are on screen
 * (6 at a time, 3 on Safari). A detached <picture> with the same sources,
 * widths and `sizes` as the card's ArtImage (site/components/content/art-image.tsx) makes the
 * browser pick exactly the file the card will ask for, which then comes from its image cache.
 */

const started = new Set<string>();
// Held until each load settles so the detached elements are not collected mid-fetch.
const inFlight = new Set<HTMLImageElement>();

export function preloadCardImages(items: readonly { id: string; image?: ContentImage | undefined }[]): void {
  if (typeof document === "undefined") return;
  for (const { id, image } of items) {
    if (started.has(id)) continue;
    started.add(id);
    const picture = document.createElement("picture");
    for (const ext of ["avif", "webp"] as const) {
      const source = document.createElement("source");
      source.type = `image/${ext}`;
      source.sizes = cardImageSizes;
      source.srcset = artSrcSet("tattoo-images", id, ext, image);
      picture.append(source);
    }
    const img = document.createElement("img");
    img.decoding = "async";
    // Behind anything the visitor is looking at now.
    img.setAttribute("fetchpriority", "low");
    const settle = () => inFlight.delete(img);
    img.addEventListener("load", settle, { once: true });
    img.addEventListener("error", settle, { once: true });
    inFlight.add(img);
    // Inside the <picture> before src is set, so the sources are considered.
    picture.append(img);
    img.src = image?.source === "upload" ? uploadUrl(image.key, 800, "webp") : `/tattoo-images/${id}-md.webp`;
  }
}
