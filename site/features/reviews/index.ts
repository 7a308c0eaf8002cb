/** The reviews page's island: its mode switch over the list (live, cached or the studio's own reviews, labelled as such). */
export { ReviewsSection } from "./reviews-section";
