import { island } from "../app/island";
import { PageHero } from "../components/page-hero";
import { useFacts } from "../content/content-context";
import {
  AvailabilityTable,
  ContactCallToAction,
  ContactDetails,
  ContactForm,
  Directions,
} from "../features/contact";

// The form is what a visitor came to use: it hydrates at once. The rest of the page is HTML.
const ContactFormIsland = island("contact-form", ContactForm, "load");

export function ContactPage() {
  const { hoursSummary } = useFacts();
  return (
    <div className="page page--contact">
      <PageHero page="contact" eyebrow="Call, text or e-mail">
        <p>{hoursSummary.lines.join(". ")}.</p>
      </PageHero>
      <div className="contact-layout">
        <div className="contact-layout__aside">
          <ContactDetails />
          <AvailabilityTable />
        </div>
        <div className="contact-layout__main">
          <ContactFormIsland />
          <Directions />
        </div>
      </div>
      <ContactCallToAction />
    </div>
  );
}
