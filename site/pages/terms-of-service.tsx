import { PageHero } from "../components/page-hero";

export function TermsOfServicePage() {
  return (
    <div className="page">
      <PageHero page="terms-of-service" eyebrow="The fine print">
        <p>The terms for booking, deposits, pricing, design rights, health and safety at the studio.</p>
      </PageHero>
    </div>
  );
}
