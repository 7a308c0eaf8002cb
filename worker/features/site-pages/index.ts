/**
 * What other features use of the site's pages: the page shell a private or refused page is drawn
 * in, a page of the site with a form answered in it, the Studio's preview, and the flash design a
 * request carries to the booking page.
 */
export { bookingPath, withLiveDesign } from "./attached-design-page";
export { notFoundShell, siteDocument, sitePageAt } from "./pages";
export { draftContent, endPreview, startPreview } from "./preview";
