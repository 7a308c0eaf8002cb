import { priceGuideTable } from "../../shared/price-guide";
import { island } from "../app/island";
import { PageHero } from "../components/page-hero";
import { useFacts, useSection } from "../content/content-context";
import { ConsultationRequest, PlacementSuggestions, WhatToExpect } from "../features/consultation";

// The request form is what a visitor came to use: it hydrates at once. The box beside it is
// static, so it stays outside the island and ships no script (it steps back once the request is
// sent: form-pages.css).
const ConsultationRequestIsland = island("consultation-request", ConsultationRequest, "load");

export function BookConsultationPage() {
  const { studio } = useFacts();
  // What similar pieces took, under the form's size and placement: a small table, not the portfolio.
  const guide = priceGuideTable(useSection("portfolio"));
  return (
    <div className="page page--book">
      <PageHero page="book-consultation" eyebrow={`Free, ${studio.claims.consultationMinutes}`}>
        <p>
          Tell us about your idea. We reply within {studio.claims.replyWithin} to set up your free
          consultation.
        </p>
      </PageHero>
      <div className="book-layout">
        <ConsultationRequestIsland guide={guide} />
        <WhatToExpect />
      </div>
      {/* The form's placement field offers these by id; a static list needs no script. */}
      <PlacementSuggestions />
    </div>
  );
}
