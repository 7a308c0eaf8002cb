/**
 * The portfolio and flash browsers, each hydrated as an island (site/islands/). The artwork a
 * page leads with, preloaded in the rendered head, is site/lib/lead-images.ts.
 */
import { standardTiming } from "./gallery-config";

export { FlashBrowser } from "./flash-browser";
export { GalleryBrowser } from "./gallery-browser";
export { galleryFilterQuery, readGalleryFilters } from "./gallery-filter";
export { placeholdersFor } from "./placeholders";
/** How many pieces the gallery's page draws as cards before the visitor scrolls. */
export const piecesDrawnFirst = standardTiming.initial;
