import { island } from "../app/island";
import { CallButton } from "../components/call-button";
import { Link } from "../components/link";
import { PageHero } from "../components/page-hero";
import { useFacts } from "../content/content-context";
import { AftercareGuide } from "../features/aftercare";

// The guide's tabs follow the URL at once (a deep link to ?tab=tools), so it hydrates on load.
const AftercareGuideIsland = island("aftercare-guide", AftercareGuide, "load");

/** The aftercare page: the guide and its tools, between the hero and the call to action. */
export function AftercarePage() {
  const { aftercareFacts, studio, telHref } = useFacts();
  return (
    <div className="page">
      <PageHero page="aftercare" eyebrow="Heal it right">
        <p>
          Everything you need for the next {aftercareFacts.fullHealing}, from the first Derm Shield to full
          maturation.
        </p>
        <p>
          Worried about your healing? <a href={telHref}>Call the studio: {studio.phone.display}</a>. For a
          medical emergency call 911.
        </p>
      </PageHero>

      <AftercareGuideIsland />

      <section className="cta-block" aria-labelledby="aftercare-cta-title">
        <h2 id="aftercare-cta-title">Questions while you heal?</h2>
        <p>
          Call or text any time during studio hours. Read more in the <Link to="/services">services FAQ</Link>
          .
        </p>
        <CallButton />
      </section>
    </div>
  );
}
