import { PageHero } from "../components/page-hero";
import { PrivacyDataControls } from "../features/consent/privacy-data-controls";

export function PrivacyPolicyPage() {
  return (
    <div className="page">
      <PageHero page="privacy-policy" eyebrow="Your data, your choice">
        <p>What this site collects, why, for how long, and how to take it back.</p>
      </PageHero>
      <PrivacyDataControls />
    </div>
  );
}
