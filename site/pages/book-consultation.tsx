import { PageHero } from "../components/page-hero";
import { ConsultationRequest } from "../features/consultation/components/consultation-request";
import { WhatToExpect } from "../features/consultation/components/what-to-expect";

export function BookConsultationPage() {
  return (
    <div className="page page--book">
      <PageHero page="book-consultation" eyebrow="Free, 30-45 minutes">
        <p>Tell us about your idea. We reply within 24 hours to set up your free consultation.</p>
      </PageHero>
      <ConsultationRequest aside={<WhatToExpect />} />
    </div>
  );
}
