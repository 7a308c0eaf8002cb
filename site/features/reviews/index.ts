/** The reviews page's list: live, cached or the studio's own reviews, labelled as such. */
export { ReviewList } from "./review-list";
