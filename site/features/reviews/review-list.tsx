import { type ReactNode, useEffect, useRef, useState } from "react";
import type { Review, ReviewSource, ReviewsResponse } from "../../../shared/schemas/reviews";
import { Stars } from "../../components/content/stars";
import { api } from "../../lib/api-client";
import "./reviews.css";

/** 12 reviews at first, 'Load More' adds 8: a screenful, then small steps. */
const reviewsInitiallyVisible = 12;
const reviewsStep = 8;

const sourceLabel: Record<ReviewSource, string> = {
  live: "Live from our Google listing",
  cached: "Saved reviews (live listing unavailable)",
  static: "Reviews collected by the studio",
};

function ReviewCard({ review }: { review: Review }) {
  return (
    <li className="testimonial">
      <div className="testimonial__head">
        <p className="testimonial__name">{review.author}</p>
        {review.date ? <p className="testimonial__meta">{review.date}</p> : null}
      </div>
      <Stars rating={review.rating} />
      <blockquote>
        <p>{review.text}</p>
      </blockquote>
    </li>
  );
}

/**
 * The reviews grid: two columns (one on phones), 12 at first, 'Load More' adds 8 and says how
 * many remain. The prerendered page shows the studio's own testimonials (`staticCards`); then
 * GET /api/reviews decides the source, always named in a badge: a visitor can tell live
 * reviews from saved ones and from the studio's own.
 */
export function ReviewList({ staticCards }: { staticCards: ReactNode[] }) {
  const [data, setData] = useState<ReviewsResponse | null>(null);
  const [visible, setVisible] = useState(reviewsInitiallyVisible);
  const grid = useRef<HTMLUListElement>(null);
  // The index of the first review a 'Load More' added, until focus has moved to it.
  const focusFrom = useRef<number | null>(null);

  // After 'Load More' focus moves to the first new review, so a keyboard or screen-reader user
  // carries on reading there instead of starting again from the top of the page.
  useEffect(() => {
    const index = focusFrom.current;
    if (index === null) return;
    focusFrom.current = null;
    const first = grid.current?.children[index];
    if (!(first instanceof HTMLElement)) return;
    first.tabIndex = -1;
    first.focus();
  }, [visible]);

  useEffect(() => {
    const controller = new AbortController();
    api.reviews
      .$get({}, { init: { signal: controller.signal }, headers: { Accept: "application/json" } })
      .then((response) =>
        response.ok ? response.json() : Promise.reject(new Error(`status ${response.status}`)),
      )
      .then((body) => {
        if (body.reviews.length > 0) setData(body);
      })
      .catch(() => {
        // The studio's own testimonials are already on screen.
      });
    return () => controller.abort();
  }, []);

  const source: ReviewSource = data?.source ?? "static";
  const cards =
    source === "static" || !data
      ? staticCards
      : data.reviews.map((review) => <ReviewCard key={review.id} review={review} />);
  const shown = cards.slice(0, visible);
  const remaining = cards.length - shown.length;

  return (
    <section className="review-list" aria-labelledby="review-list-title">
      <div className="review-list__head">
        <h2 id="review-list-title">What clients say</h2>
        <span className={`source-badge source-badge--${source}`} data-source={source}>
          {sourceLabel[source]}
        </span>
      </div>
      <ul ref={grid} className="review-grid" aria-label="Client reviews">
        {shown}
      </ul>
      {source === "static" && remaining > 0 ? (
        // Without JavaScript (or when the list's island could not start) 'Load More' cannot
        // work: the rest of the reviews are in the page, shown only then (no-js-only).
        <div className="no-js-only">
          <ul className="review-grid review-grid--more">{cards.slice(visible)}</ul>
        </div>
      ) : null}
      {remaining > 0 ? (
        // Without JavaScript the button could do nothing: it is hidden then (js-only), and the
        // list above shows the rest.
        <div className="review-list__more js-only">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              focusFrom.current = visible;
              setVisible((count) => count + reviewsStep);
            }}
          >
            Load More ({remaining} remaining)
          </button>
        </div>
      ) : null}
    </section>
  );
}
