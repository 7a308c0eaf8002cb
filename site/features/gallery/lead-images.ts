import type { StudioContent } from "../../../shared/schemas/content";
import type { ArtFolder, ContentImage } from "../../components/content/art-image";
import { flashCardSizes } from "./flash-browser";
import { cardImageSizes } from "./preload-card-images";

/** The artwork a page's first screen leads with, as its card draws it. */
export interface LeadImage {
  folder: ArtFolder;
  id: string;
  sizes: string;
  image?: ContentImage | undefined;
}

/**
 * The lead image of the page `key` renders from `content`, or null for a page that leads with
 * text. On a phone the first card sits in the first screen and is the page's largest paint. The
 * rendered page lists the pieces unfiltered, so its first card is the first of the content's
 * list: a reordered or replaced first piece moves the preload with it.
 */
export function leadImageFor(
  key: string,
  content: Pick<StudioContent, "portfolio" | "flash">,
): LeadImage | null {
  const first =
    key === "gallery"
      ? {
          folder: "tattoo-images" as const,
          id: content.portfolio[0]?.id,
          sizes: cardImageSizes,
          image: content.portfolio[0]?.image,
        }
      : key === "flash"
        ? {
            folder: "flash" as const,
            id: content.flash[0]?.id,
            sizes: flashCardSizes,
            image: content.flash[0]?.image,
          }
        : null;
  return first?.id ? { ...first, id: first.id } : null;
}
