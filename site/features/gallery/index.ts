/** The portfolio and flash browsers, and the boundary that keeps a failing gallery readable. */
export { FlashBrowser } from "./flash-browser";
export { GalleryBrowser } from "./gallery-browser";
export { GalleryErrorBoundary } from "./gallery-error-boundary";
