import { PageHero } from "../components/page-hero";

export function FlashPage() {
  return (
    <div className="page">
      <PageHero page="flash" eyebrow="38 designs, $150-300">
        <p>
          Ready-to-tattoo designs drawn in the studio. Each one is tattooed once, as drawn or adapted to you.
        </p>
      </PageHero>
    </div>
  );
}
