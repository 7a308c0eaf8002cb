/**
 * What other features use of a request's private status page: the page with their part in it,
 * the shell of a page of their own beside it, and the answer to a link that does not open. (The
 * page's parts and the forms of later stages are composed in journey-page.tsx and
 * requests-routes.ts, which import those features.)
 */
export { PrivateHero } from "./pages";
export { privatePage, refusedLink } from "./private-page";
export { statusPage } from "./routes";
