import { reviewsSearchUrl } from "../../../shared/review-link";
import type { StudioContent } from "../../../shared/schemas/content";
import { Stars } from "../../components/content/stars";
import { useFacts, useSection } from "../../content/content-context";
import { ReviewList } from "./review-list";
import { ReviewsModes } from "./reviews-modes";

const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", timeZone: "UTC" });

/** "Has written 14 reviews": the reviewer's own record, worded so it cannot pass for the studio's. */
const reviewerRecord = (count: number) => `Has written ${count} ${count === 1 ? "review" : "reviews"}`;

/** The studio's own testimonials, fully marked up (artist replies, Local Guide, price range). */
const cardsFor = (testimonials: StudioContent["testimonials"], artistFirstName: string) =>
  testimonials.map((review) => (
    <li key={review.id} className="testimonial">
      <div className="testimonial__head">
        <p className="testimonial__name">{review.name}</p>
        <p className="testimonial__meta">
          Reviewed <time dateTime={review.date}>{dateFormat.format(new Date(review.date))}</time>
        </p>
        {/* The reviewer's own record on Google, not the studio's count of reviews. */}
        <p className="testimonial__reviewer">
          {review.isLocalGuide
            ? `Local Guide · ${reviewerRecord(review.reviewCount).toLowerCase()}`
            : reviewerRecord(review.reviewCount)}
        </p>
      </div>
      <Stars rating={review.rating} />
      {review.priceRange ? <span className="badge badge--muted">{review.priceRange}</span> : null}
      <blockquote>
        <p>{review.text}</p>
      </blockquote>
      {review.artistResponse ? (
        <div className="testimonial__response">
          <p className="testimonial__label">Response from {artistFirstName}, the artist</p>
          <p>{review.artistResponse}</p>
        </div>
      ) : null}
    </li>
  ));

/**
 * The reviews page's interactive part, an island of its own: the mode switch over the
 * progressive review grid (the studio's testimonials from the page's content until
 * /api/reviews names another source), the private SEO view and the speed figures.
 */
export function ReviewsSection() {
  const { studio } = useFacts();
  const testimonials = useSection("testimonials");
  const searchUrl = reviewsSearchUrl(studio);
  return (
    <ReviewsModes
      reviews={
        <>
          <ReviewList staticCards={cardsFor(testimonials, studio.artist.firstName)} />
          <p>
            <a href={searchUrl} rel="noopener" target="_blank">
              Find more reviews of {studio.name} on Google
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        </>
      }
    />
  );
}
