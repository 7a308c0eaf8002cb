import type { StudioContent } from "../../shared/schemas/content";
import { Stars } from "../components/content/stars";
import { Link } from "../components/link";
import { PageHero } from "../components/page-hero";
import { useFacts, useSection } from "../content/content-context";
import { ReviewList, ReviewsModes } from "../features/reviews";

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
 * Client reviews: statistic tiles, the mode switch over the progressive review grid (with its
 * source badge), the private SEO view and the speed figures, and a call to action.
 */
export function ReviewsPage() {
  const { studio, telHref } = useFacts();
  const testimonials = useSection("testimonials");
  const average = testimonials.reduce((sum, review) => sum + review.rating, 0) / testimonials.length;
  const searchUrl = `https://www.google.com/search?q=${encodeURIComponent(`${studio.name} ${studio.address.locality} ${studio.address.region} reviews`)}`;
  return (
    <div className="page">
      {/* With no testimonials there is no rating to state (an average of nothing is no claim). */}
      <PageHero
        page="reviews"
        eyebrow={testimonials.length > 0 ? `Rated ${average.toFixed(1)}` : "Client reviews"}
      >
        <p>What clients say after the bandage comes off and the tattoo has healed.</p>
        <a href={telHref} className="button button--primary">
          Call {studio.phone.display}
        </a>
      </PageHero>

      <ul className="stats" aria-label="Reviews at a glance">
        <li>
          <strong>{testimonials.length}</strong> <span>client reviews</span>
        </li>
        {testimonials.length > 0 ? (
          <li>
            <strong>{average.toFixed(1)}</strong> <span>average rating</span>
          </li>
        ) : null}
        <li>
          <strong>{studio.claims.satisfaction}</strong> <span>satisfaction</span>
        </li>
        <li>
          <strong>{studio.claims.experienceLabel.replace(" years", "")}</strong> <span>years tattooing</span>
        </li>
      </ul>

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

      <section className="cta-block" aria-labelledby="reviews-cta-title">
        <h2 id="reviews-cta-title">Become the next story</h2>
        <p>Tell us about your idea and we'll reply within {studio.claims.replyWithin}.</p>
        <Link to="/contact" className="button button--primary">
          Contact the studio
        </Link>
      </section>
    </div>
  );
}
