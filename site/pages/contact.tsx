import { PageHero } from "../components/page-hero";

export function ContactPage() {
  return (
    <div className="page">
      <PageHero page="contact" eyebrow="Call, text or e-mail">
        <p>Walk-ins Thursday to Sunday, 12 PM to 6 PM. Consultations Monday to Wednesday by appointment.</p>
      </PageHero>
    </div>
  );
}
