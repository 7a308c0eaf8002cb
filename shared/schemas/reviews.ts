/** The review shape the reviews screen shows, whatever its source. */
export interface Review {
  id: string;
  author: string;
  rating: number;
  text: string;
  /** Human-readable date, or empty when unknown. */
  date: string;
  verified: true;
  profilePhotoUrl: string | null;
}

/**
 * live: fetched from the business listing; cached: the listing failed, three saved reviews;
 * static: no listing configured, the site's own testimonials.
 */
export type ReviewSource = "live" | "cached" | "static";

export interface ReviewsResponse {
  source: ReviewSource;
  reviews: Review[];
  /** The listing's own average and count, when live. */
  rating?: number;
  total?: number;
}
