import { island } from "../app/island";
import { PageHero } from "../components/page-hero";
import { useFacts } from "../content/content-context";
import { ConsultationRequest } from "../features/consultation";

// The request form is what a visitor came to use: it hydrates at once, with the box beside it
// (which steps back once the request is sent).
const ConsultationRequestIsland = island("consultation-request", ConsultationRequest, "load");

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
      <ConsultationRequestIsland />
    </div>
  );
}
