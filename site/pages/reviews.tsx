import { island } from "../app/island";
import { CallButton } from "../components/call-button";
import { Link } from "../components/link";
import { PageHero } from "../components/page-hero";
import { useFacts, useSection } from "../content/content-context";
import { ReviewsSection } from "../features/reviews";

const ReviewsIsland = island("reviews-section", ReviewsSection, "load");

/**
 * Client reviews: statistic tiles (server HTML), the island with the mode switch over the
 * progressive review grid (with its source badge), the private SEO view and the speed figures,
 * and a call to action.
 */
export function ReviewsPage() {
  const { studio } = useFacts();
  const testimonials = useSection("testimonials");
  const average = testimonials.reduce((sum, review) => sum + review.rating, 0) / testimonials.length;
  return (
    <div className="page">
      {/* With no testimonials there is no rating to state (an average of nothing is no claim). */}
      <PageHero
        page="reviews"
        eyebrow={testimonials.length > 0 ? `Rated ${average.toFixed(1)}` : "Client reviews"}
      >
        <p>What clients say after the bandage comes off and the tattoo has healed.</p>
        <CallButton />
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

      <ReviewsIsland />

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
