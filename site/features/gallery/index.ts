/**
 * The portfolio and flash browsers, the boundary that keeps a failing gallery readable, and the
 * artwork each page leads with (preloaded in the prerendered head).
 */
export { FlashBrowser } from "./flash-browser";
export { GalleryBrowser } from "./gallery-browser";
export { GalleryErrorBoundary } from "./gallery-error-boundary";
