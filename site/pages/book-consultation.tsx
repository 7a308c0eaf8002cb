import { priceGuideTable } from "../../shared/price-guide";
import { studioStyles } from "../../shared/studio-styles";
import { island } from "../app/island";
import { styleLabel } from "../components/content/style-label";
import { PageHero } from "../components/page-hero";
import { useFacts, useSection } from "../content/content-context";
import { ConsultationRequest, PlacementSuggestions, WhatToExpect } from "../features/consultation";
import { WaitlistSignUp } from "../features/waitlist";

// The request form is what a visitor came to use: it hydrates at once. The box beside it is
// static, so it stays outside the island and ships no script (it steps back once the request is
// sent: form-pages.css).
const ConsultationRequestIsland = island("consultation-request", ConsultationRequest, "load");
// While the books are closed the waitlist takes its place: an island of its own, so the request
// form's code (at its script budget) neither grows nor loads.
const WaitlistSignUpIsland = island("waitlist-sign-up", WaitlistSignUp, "load");

/** What the page says while the books are closed and the artist wrote no message of her own. */
const closedDefault = (firstName: string) =>
  `${firstName}'s books are closed for new requests for now. Join the waitlist and we'll e-mail you once, as soon as they open again.`;

export function BookConsultationPage() {
  const { studio, booksOpen, bookingMessage } = useFacts();
  const portfolio = useSection("portfolio");
  if (!booksOpen) {
    const styles = studioStyles(portfolio).map((value) => ({ value, label: styleLabel(value) }));
    return (
      <div className="page page--book">
        <PageHero page="book-consultation" eyebrow="Waitlist" heading="The books are closed for now">
          <p>{bookingMessage?.trim() || closedDefault(studio.artist.firstName)}</p>
        </PageHero>
        <WaitlistSignUpIsland styles={styles} />
      </div>
    );
  }
  // What similar pieces took, under the form's size and placement: a small table, not the portfolio.
  const guide = priceGuideTable(portfolio);
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
