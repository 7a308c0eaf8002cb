export { ReviewsSection as default } from "../features/reviews";
