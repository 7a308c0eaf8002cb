/**
 * What other features use of a request's private status page: the page with their part in it,
 * the shell of a page of their own beside it, and the answer to a link that does not open; and
 * what worker/requests.ts registers: the page's routes and the middleware that opens the link with
 * the later stages' parts (which import this feature, so they are listed there, not here).
 */

export { openStatusLink, type StatusLinkEnv } from "./middleware";
export { PrivateHero } from "./pages";
export { formNotSent, privatePage, refusedLink } from "./private-page";
export { requestStatus, statusPage } from "./routes";
export { StageCard, StageForm } from "./stage-card";
