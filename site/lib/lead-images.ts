import type { StudioContent } from "../../shared/schemas/content";
import type { ArtFolder, ContentImage } from "../components/content/art-image";

/**
 * The lead image's preload lives apart from the gallery feature that draws the cards: the
 * server's head imports it for every page, and through the feature it pulled the flash and
 * portfolio browsers (and their stylesheet) into every page's render.
 */

/** How wide a gallery card's image is drawn: shared by the cards, their preloader and the head's lead-image preload. */
export const cardImageSizes = "(min-width: 1100px) 22rem, (min-width: 700px) 45vw, 92vw";

/** How wide a flash card's image is drawn: the cards and the head's lead-image preload. */
export const flashCardSizes = "(min-width: 1100px) 16rem, (min-width: 700px) 30vw, 46vw";

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
