import { PageHero } from "../components/page-hero";

export function ReviewsPage() {
  return (
    <div className="page">
      <PageHero page="reviews" eyebrow="Rated 5.0">
        <p>What clients say after the bandage comes off and the tattoo has healed.</p>
      </PageHero>
    </div>
  );
}
