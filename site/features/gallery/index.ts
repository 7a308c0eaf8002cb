/**
 * The portfolio and flash browsers, each hydrated as an island (site/islands/). The artwork a
 * page leads with, preloaded in the rendered head, is site/lib/lead-images.ts.
 */
export { FlashBrowser } from "./flash-browser";
export { GalleryBrowser } from "./gallery-browser";
export { galleryFilterQuery, readGalleryFilters } from "./gallery-filter";
export { placeholdersFor } from "./placeholders";
