import type { Facts } from "../../shared/content-facts";
import { bookingLabelFor } from "../../shared/content-facts";
import { paymentMethodsSentence } from "../../shared/payment-methods";
import { priceGuideTable } from "../../shared/price-guide";
import { island } from "../app/island";
import { CallButton, EmailButton } from "../components/call-button";
import { TermList } from "../components/content/term-list";
import { TextList } from "../components/content/text-list";
import { Link } from "../components/link";
import { PageHero } from "../components/page-hero";
import { useFacts, useSection } from "../content/content-context";
import { PriceGuidePicker, PriceGuideTable } from "../features/price-guide";

// The picker computes in the browser from its props; it loads when scrolled near.
const PriceGuideIsland = island("price-guide", PriceGuidePicker, "visible");

interface Card {
  id: string;
  title: string;
  body: React.ReactNode;
}

const groups = ({
  bookingFacts,
  cardOnFilePolicy,
  depositWords,
  policies,
  prices,
}: Facts): Array<{ id: string; title: string; cards: Card[] }> => [
  {
    id: "styles",
    title: "Style Breakdown",
    cards: [
      {
        id: "artistic-styles",
        title: "Artistic styles",
        body: (
          <p>
            Realism in black and grey or colour, fine-line and single-needle work, American and
            neo-traditional, Japanese, geometric and dotwork, blackwork, script, watercolour and illustrative
            pieces. If you can describe it, we can talk about drawing it.
          </p>
        ),
      },
      {
        id: "investment",
        title: "Investment",
        body: (
          <p>
            Price follows size, detail and placement, not a stopwatch. Fine detail and realism take longer
            than bold traditional work of the same size. {bookingFacts.cashPricing} The minimum charge is $
            {prices.minimumCharge}.
          </p>
        ),
      },
      {
        id: "human-side",
        title: "The human side",
        body: (
          <p>
            Many pieces mark something: a loss, a recovery, a new child, a fresh start. There's no rush and no
            judgement here. Take breaks when you need them. {policies.companions}
          </p>
        ),
      },
    ],
  },
  {
    id: "experience",
    title: "Studio Experience & Process",
    cards: [
      {
        id: "safety",
        title: "Technical excellence and safety",
        body: (
          <p>
            Single-use needles and ink caps opened in front of you, barrier film on everything you touch and
            hospital-grade disinfection between clients. The studio is licensed and insured.
          </p>
        ),
      },
      {
        id: "culture",
        title: "Studio culture",
        body: (
          <p>
            A private, one-chair studio: calm music, no crowd, and an artist who explains every step. You're
            welcome to ask questions at any point.
          </p>
        ),
      },
      {
        id: "quality",
        title: "Quality markers",
        body: (
          <p>
            Consistent line weight, smooth shading, lasting saturation and placement that follows the body.
            Every piece includes a free touch-up within {policies.touchUpWeeks} weeks if healing leaves a gap.
          </p>
        ),
      },
    ],
  },
  {
    id: "booking",
    title: "Booking Policies & Information",
    cards: [
      {
        id: "requirements",
        title: "Booking requirements",
        body: (
          <ul>
            <li>{policies.age}</li>
            <li>A free consultation comes first for custom work. Book {bookingFacts.bookAhead} ahead.</li>
            <li>{depositWords}</li>
            {cardOnFilePolicy ? <li>{cardOnFilePolicy}</li> : null}
            {policies.cancellation.map((rule) => (
              <li key={rule}>{rule}.</li>
            ))}
            <li>{bookingFacts.beforeYourSession}</li>
          </ul>
        ),
      },
      {
        id: "payment",
        title: "Payment options",
        body: (
          <p>
            {policies.payment} {paymentMethodsSentence(bookingFacts.paymentMethods)}{" "}
            {bookingFacts.cashPricing}
          </p>
        ),
      },
    ],
  },
];

const included = ({ policies }: Facts) => [
  "A free consultation and a custom drawing",
  "Revisions until the design feels right",
  "Single-use needles, ink caps and barrier film",
  "Derm Shield second-skin bandage after your session",
  "Written aftercare guidance and check-ins while you heal",
  `A free touch-up within ${policies.touchUpWeeks} weeks`,
];

const processSteps = ({ policies, studio }: Facts) =>
  [
    ["Reach out", `Send a consultation request, call or text. We reply within ${studio.claims.replyWithin}.`],
    [
      "Free consultation",
      `A conversation of ${studio.claims.consultationMinutes} about your idea, size, placement and budget.`,
    ],
    [
      "Deposit and date",
      `Secure your date with the $${policies.deposit.amount} deposit, applied to the final price.`,
    ],
    ["Design", `${studio.artist.firstName} draws your piece and refines it with you before the session.`],
    ["Session", "Stencil, placement check, then tattooing at a pace that suits you."],
    [
      "Healing and touch-up",
      `Aftercare support while you heal, and a free touch-up within ${policies.touchUpWeeks} weeks.`,
    ],
  ] as const;

const whyChoose = ({ studio }: Facts) => [
  `${studio.claims.experienceLabel} of experience and ${studio.claims.tattoosLabel}`,
  "One artist from first message to final touch-up",
  `${studio.claims.custom} custom: your design is never repeated`,
  "Prices published up front, quoted before you book",
  `A ${studio.claims.rating.toFixed(1)} rating from the clients on our reviews page`,
];

export function ServicesPage() {
  const facts = useFacts();
  const { booksOpen, priceBands, prices, smsHref, studio, telHref } = facts;
  const faq = useSection("faq");
  const guide = priceGuideTable(useSection("portfolio"));
  const servicesFaq = faq.servicesPage.flatMap((id) => faq.items.filter((entry) => entry.id === id));
  return (
    <div className="page">
      <PageHero page="services" eyebrow="Transparent pricing">
        <p>What a custom tattoo costs, what it includes, and how booking works, with no surprises.</p>
        {booksOpen ? (
          <a href={telHref} className="button button--primary">
            Call {studio.phone.display} to book a free consultation
          </a>
        ) : (
          // Closed books take no bookings by phone either: the waitlist is the way in.
          <Link to="/book-consultation" className="button button--primary">
            {bookingLabelFor(booksOpen)}
          </Link>
        )}
      </PageHero>

      {groups(facts).map((group) => (
        <section key={group.id} className="section" aria-labelledby={`group-${group.id}`}>
          <h2 id={`group-${group.id}`}>{group.title}</h2>
          <div className="accordion">
            {group.cards.map((card) => (
              // One card open at a time per group; choosing the open card closes it.
              <details key={card.id} name={`services-${group.id}`} className="accordion__item" id={card.id}>
                <summary className="accordion__summary">
                  <span className="accordion__title">{card.title}</span>
                </summary>
                <div className="accordion__panel">{card.body}</div>
              </details>
            ))}
          </div>
        </section>
      ))}

      <section className="section split" aria-labelledby="pricing-title">
        <div>
          <h2 id="pricing-title">Transparent pricing</h2>
          <TermList
            className="price-list price-list--large"
            terms={[...priceBands, prices.customDesign, prices.flash].map((band) => [band.label, band.range])}
          />
          <p className="note">Minimum charge ${prices.minimumCharge}. Full payment is due on completion.</p>
        </div>
        <div>
          <h2 id="included-title">What's included</h2>
          <TextList className="check-list" items={included(facts)} />
        </div>
      </section>

      <section className="section" aria-labelledby="guide-title">
        <h2 id="guide-title">What similar pieces took</h2>
        <p>
          From the studio's own finished pieces: time in the chair and what they cost. Every piece is still
          quoted on its own at the consultation.
        </p>
        <PriceGuideTable table={guide} />
        <PriceGuideIsland table={guide} />
      </section>

      <section className="section" aria-labelledby="process-title">
        <h2 id="process-title">The process, in six steps</h2>
        <ol className="steps steps--cards">
          {processSteps(facts).map(([title, text]) => (
            <li key={title}>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="section" aria-labelledby="why-title">
        <h2 id="why-title">Why choose {studio.shortName}</h2>
        <TextList className="check-list" items={whyChoose(facts)} />
      </section>

      <section className="section" aria-labelledby="faq-title">
        <h2 id="faq-title">Frequently asked questions</h2>
        <div className="faq">
          {servicesFaq.map((entry) => (
            <div key={entry.id} className="faq__item">
              <h3>{entry.question}</h3>
              <p>{facts.fillFacts(entry.answer)}</p>
            </div>
          ))}
        </div>
        <p>
          More questions about healing? Read the <Link to="/aftercare">aftercare guide</Link>.
        </p>
      </section>

      <section className="cta-block" aria-labelledby="services-cta-title">
        <h2 id="services-cta-title">Let's talk about your tattoo</h2>
        <p>Call, text or e-mail: whichever suits you. We reply within {studio.claims.replyWithin}.</p>
        <div className="button-row button-row--center">
          <CallButton />
          <a href={smsHref} className="button button--ghost">
            Text the studio
          </a>
          <EmailButton />
        </div>
      </section>
    </div>
  );
}
