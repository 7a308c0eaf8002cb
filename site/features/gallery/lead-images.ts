import { flashDesigns } from "../../../shared/content/flash";
import { portfolio } from "../../../shared/content/portfolio";
import type { ArtFolder } from "../../components/content/art-image";
import { flashCardSizes } from "./flash-browser";
import { cardImageSizes } from "./preload-card-images";

/** The artwork a page's first screen leads with, as its card draws it. */
export interface LeadImage {
  folder: ArtFolder;
  id: string;
  sizes: string;
}

// On a phone the first card sits in the first screen and is the page's largest paint. The
// prerendered page lists the pieces unfiltered, so its first card is the first of each list.
export const galleryLeadImage: LeadImage = {
  folder: "tattoo-images",
  id: portfolio[0]?.id ?? "",
  sizes: cardImageSizes,
};

export const flashLeadImage: LeadImage = {
  folder: "flash",
  id: flashDesigns[0]?.id ?? "",
  sizes: flashCardSizes,
};
