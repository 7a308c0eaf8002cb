import { PageHero } from "../components/page-hero";
import { useFacts } from "../content/content-context";
import { ConsultationRequest, WhatToExpect } from "../features/consultation";

export function BookConsultationPage() {
  const { studio } = useFacts();
  return (
    <div className="page page--book">
      <PageHero page="book-consultation" eyebrow={`Free, ${studio.claims.consultationMinutes}`}>
        <p>
          Tell us about your idea. We reply within {studio.claims.replyWithin} to set up your free
          consultation.
        </p>
      </PageHero>
      <ConsultationRequest aside={<WhatToExpect />} />
    </div>
  );
}
