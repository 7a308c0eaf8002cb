import { PageHero } from "../components/page-hero";

export function BookConsultationPage() {
  return (
    <div className="page">
      <PageHero page="book-consultation" eyebrow="Free, 30-45 minutes">
        <p>Tell us about your idea. We reply within 24 hours to set up your free consultation.</p>
      </PageHero>
    </div>
  );
}
