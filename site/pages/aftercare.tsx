import { PageHero } from "../components/page-hero";

export function AftercarePage() {
  return (
    <div className="page">
      <PageHero page="aftercare" eyebrow="Heal it right">
        <p>
          Everything you need for the next four to six weeks, from the first Derm Shield to full maturation.
        </p>
      </PageHero>
    </div>
  );
}
