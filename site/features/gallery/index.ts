/**
 * The portfolio and flash browsers (each hydrated as an island: site/islands/) and the artwork
 * each page leads with (preloaded in the rendered head).
 */
export { FlashBrowser } from "./flash-browser";
export { GalleryBrowser } from "./gallery-browser";
export { leadImageFor } from "./lead-images";
export { placeholdersFor } from "./placeholders";
