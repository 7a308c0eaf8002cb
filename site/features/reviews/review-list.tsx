import { useEffect, useState } from "react";
import type { Review, ReviewSource, ReviewsResponse } from "../../../shared/schemas/reviews";
import "./reviews.css";

export const reviewsInitiallyVisible = 12;
export const reviewsStep = 8;

const sourceLabel: Record<ReviewSource, string> = {
  live: "Live from our Google listing",
  cached: "Saved reviews (live listing unavailable)",
  static: "Reviews collected by the studio",
};

function isReviewsResponse(value: unknown): value is ReviewsResponse {
  const body = value as ReviewsResponse | null;
  return (
    typeof body === "object" &&
    body !== null &&
    (body.source === "live" || body.source === "cached" || body.source === "static") &&
    Array.isArray(body.reviews)
  );
}

function Stars({ rating }: { rating: number }) {
  const full = Math.round(rating);
  return (
    <span className="review-stars" role="img" aria-label={`${rating} out of 5 stars`}>
      {"★".repeat(full)}
      <span className="review-stars__empty">{"★".repeat(5 - full)}</span>
    </span>
  );
}

/**
 * Testimonials in a two-column grid (one on phones): 12 at first, 'Load More' adds 8 and says
 * how many remain. Starts with the site's own testimonials (prerendered), then shows what
 * GET /api/reviews answers, with a badge naming the source (DECISIONS.md: never unlabelled).
 */
export function ReviewList({ initial }: { initial: Review[] }) {
  const [data, setData] = useState<ReviewsResponse>({ source: "static", reviews: initial });
  const [visible, setVisible] = useState(reviewsInitiallyVisible);

  useEffect(() => {
    const controller = new AbortController();
    fetch("/api/reviews", { signal: controller.signal, headers: { Accept: "application/json" } })
      .then((response) =>
        response.ok ? response.json() : Promise.reject(new Error(`status ${response.status}`)),
      )
      .then((body: unknown) => {
        if (isReviewsResponse(body) && body.reviews.length > 0) setData(body);
      })
      .catch(() => {
        // The studio's own testimonials are already on screen.
      });
    return () => controller.abort();
  }, []);

  const shown = data.reviews.slice(0, visible);
  const remaining = data.reviews.length - shown.length;

  return (
    <section className="review-list" aria-labelledby="review-list-title">
      <div className="review-list__head">
        <h2 id="review-list-title">What clients say</h2>
        <span className={`source-badge source-badge--${data.source}`} data-source={data.source}>
          {sourceLabel[data.source]}
        </span>
      </div>
      <ul className="review-grid">
        {shown.map((review) => (
          <li key={review.id} className="review-card">
            <div className="review-card__top">
              <strong className="review-card__author">{review.author}</strong>
              <Stars rating={review.rating} />
            </div>
            {review.date ? <p className="review-card__date">{review.date}</p> : null}
            <p className="review-card__text">{review.text}</p>
          </li>
        ))}
      </ul>
      {remaining > 0 ? (
        <div className="review-list__more">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setVisible((count) => count + reviewsStep)}
          >
            Load More ({remaining} remaining)
          </button>
        </div>
      ) : null}
    </section>
  );
}
