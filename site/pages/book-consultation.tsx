import { studio } from "../../shared/studio";
import { PageHero } from "../components/page-hero";
import { ConsultationRequest, WhatToExpect } from "../features/consultation";

export function BookConsultationPage() {
  return (
    <div className="page page--book">
      <PageHero page="book-consultation" eyebrow={`Free, ${studio.claims.consultationMinutes}`}>
        <p>
          Tell us about your idea. We reply within {studio.claims.replyWithin} to set up your free
          consultation.
        </p>
        {/* A plain link to the form, so it works before any script and without one. */}
        <a className="button button--primary" href="#request-form-title">
          Start Your Request
        </a>
      </PageHero>
      <ConsultationRequest aside={<WhatToExpect />} />
    </div>
  );
}
