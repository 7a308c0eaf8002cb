/** The reviews page's list (live, cached or the studio's own reviews, labelled as such) and its mode switch. */
export { ReviewList } from "./review-list";
export { ReviewsModes } from "./reviews-modes";
