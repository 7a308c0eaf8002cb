import { PageHero } from "../components/page-hero";
import { useFacts } from "../content/content-context";
import {
  AvailabilityTable,
  ContactCallToAction,
  ContactDetails,
  ContactForm,
  Directions,
} from "../features/contact";

export function ContactPage() {
  const { appointmentDaysLabel, walkInDaysLabel, walkInHoursLabel } = useFacts();
  return (
    <div className="page page--contact">
      <PageHero page="contact" eyebrow="Call, text or e-mail">
        <p>
          Walk-ins {walkInDaysLabel}, {walkInHoursLabel}. Consultations {appointmentDaysLabel} by appointment.
        </p>
      </PageHero>
      <div className="contact-layout">
        <div className="contact-layout__aside">
          <ContactDetails />
          <AvailabilityTable />
        </div>
        <div className="contact-layout__main">
          <ContactForm />
          <Directions />
        </div>
      </div>
      <ContactCallToAction />
    </div>
  );
}
