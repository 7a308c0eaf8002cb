import { PageHero } from "../components/page-hero";

export function ServicesPage() {
  return (
    <div className="page">
      <PageHero page="services" eyebrow="Transparent pricing">
        <p>What a custom tattoo costs, what it includes, and how booking works, with no surprises.</p>
      </PageHero>
    </div>
  );
}
