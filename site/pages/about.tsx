import type { Facts } from "../../shared/content-facts";
import { CallButton, EmailButton } from "../components/call-button";
import { TextList } from "../components/content/text-list";
import { Link } from "../components/link";
import { PageHero } from "../components/page-hero";
import { useFacts, useSection } from "../content/content-context";

const infoCards = ({ studio }: Facts) => [
  {
    id: "career",
    title: `How ${studio.artist.firstName} got here`,
    body: [
      `${studio.artist.firstName} grew up drawing on everything within reach in Prince George's County. She apprenticed for two years in a busy street shop in College Park, where she learned to tattoo anything that walked through the door, fast and clean.`,
      `After ${studio.claims.experienceLabel} and ${studio.claims.tattoosLabel}, she opened ${studio.name} in ${studio.address.locality} to work the way she always wanted: one client at a time, with room to draw.`,
    ],
  },
  {
    id: "why-custom",
    title: "Why custom design matters",
    body: [
      "A tattoo from a wall sheet was drawn for nobody in particular. A custom piece is drawn for your story, your body and the way your skin will age, and that difference shows for decades.",
      `Every design ${studio.artist.firstName} draws is yours alone. She never tattoos the same custom piece twice.`,
    ],
  },
  {
    id: "process",
    title: "What the consultation is like",
    body: [
      `Consultations are free and last ${studio.claims.consultationMinutes}. You bring your idea, references and questions; ${studio.artist.firstName} brings a sketchbook and honest advice on size, placement and price.`,
      `Nothing is booked until you love the plan. We reply to every request within ${studio.claims.replyWithin}.`,
    ],
  },
];

const stats = ({ studio }: Facts, reviewCount: number) => [
  { value: studio.claims.experienceLabel.replace(" years", ""), label: "years tattooing" },
  { value: studio.claims.tattoosLabel.split(" ")[0], label: "tattoos" },
  { value: studio.claims.custom, label: "custom designs" },
  { value: studio.claims.rating.toFixed(1), label: `rating from ${reviewCount} reviews` },
];

const specializations = [
  [
    "traditional",
    "Traditional",
    "Bold lines and solid colour in the American tradition, drawn fresh for you.",
  ],
  ["original", "Original designs", "Concepts built from scratch around a memory, a person or an idea."],
  ["transformations", "Transformations", "Cover-ups and reworks that turn old ink into something new."],
  ["spiritual", "Spiritual", "Mandalas, lotuses and symbols placed with care for their meaning."],
  ["fineline", "Fine-line", "Delicate single-needle work that stays crisp when placed and sized well."],
  ["botanical", "Botanical", "Flowers, ferns and birth-month bouquets drawn from real plants."],
  ["neotraditional", "Neo-traditional", "Traditional structure with richer colour, depth and ornament."],
  ["japanese", "Japanese", "Waves, koi and masks that follow the flow of the body."],
  ["geometric", "Geometric", "Sacred geometry and dotwork measured to the millimetre."],
  ["illustrative", "Illustrative", "Drawings with an illustrator's hand: stipple, hatching and texture."],
] as const;

const howToStart = ({ policies, studio }: Facts) => [
  "Collect a few references and think about size and placement.",
  "Request a free consultation online, or call or text the studio.",
  `Meet ${studio.artist.firstName} for ${studio.claims.consultationMinutes} to shape the idea and agree a price range.`,
  `Book your session with the $${policies.deposit.amount} deposit, applied to your final price.`,
];

export function AboutPage() {
  const facts = useFacts();
  const { studio } = facts;
  const reviewCount = useSection("testimonials").length;
  return (
    <div className="page">
      <PageHero page="about" eyebrow={`${studio.artist.name}, owner and artist`}>
        <p>
          {studio.claims.experienceLabel}, one chair, and a design process built around the person wearing the
          tattoo.
        </p>
      </PageHero>

      <section className="section split" aria-labelledby="artist-photo-title">
        <figure className="portrait">
          <img
            src="/artist-portrait.svg"
            width={480}
            height={600}
            alt={`Placeholder portrait of ${studio.artist.name}, sketched in gold line until her studio portrait is ready`}
          />
        </figure>
        <div>
          <h2 id="artist-photo-title">One artist, start to finish</h2>
          <p>
            When you book with {studio.name}, {studio.artist.firstName} answers your message, draws your
            design, tattoos it and checks on it while it heals. There is no front desk and no handoff.
          </p>
          <div className="stack">
            {infoCards(facts).map((card) => (
              // Independent toggles: each card opens and closes on its own.
              <details key={card.id} className="accordion__item" id={`info-${card.id}`}>
                <summary className="accordion__summary">
                  <span className="accordion__title">{card.title}</span>
                </summary>
                <div className="accordion__panel">
                  {card.body.map((paragraph) => (
                    <p key={paragraph.slice(0, 24)}>{paragraph}</p>
                  ))}
                </div>
              </details>
            ))}
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="stats-title">
        <h2 id="stats-title" className="visually-hidden">
          The studio in numbers
        </h2>
        <ul className="stats">
          {stats(facts, reviewCount).map((stat) => (
            <li key={stat.label}>
              <strong>{stat.value}</strong>
              <span>{stat.label}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="fun-fact-title">
        <h2 id="fun-fact-title">A fun fact</h2>
        <details className="reveal">
          <summary>Tap to reveal something you wouldn't guess about {studio.artist.firstName}</summary>
          <p>
            Before she ever picked up a tattoo machine, {studio.artist.firstName} restored antique gilded
            picture frames, which is where the studio's name and its gold come from.
          </p>
        </details>
      </section>

      <section className="section" aria-labelledby="about-specialties-title">
        <p className="eyebrow">Specializations</p>
        <h2 id="about-specialties-title">Ten things {studio.artist.firstName} loves to tattoo</h2>
        <div className="accordion accordion--grid">
          {specializations.map(([id, title, text]) => (
            <details key={id} name="about-specializations" className="accordion__item" id={`specialty-${id}`}>
              <summary className="accordion__summary">
                <span className="accordion__title">{title}</span>
              </summary>
              <div className="accordion__panel">
                <p>{text}</p>
                <Link to="/gallery" className="text-link">
                  See it in the portfolio
                </Link>
              </div>
            </details>
          ))}
        </div>
      </section>

      <section className="section" aria-labelledby="start-title">
        <h2 id="start-title">How to start</h2>
        <TextList className="steps" items={howToStart(facts)} ordered />
      </section>

      <section className="cta-block" aria-labelledby="about-cta-title">
        <h2 id="about-cta-title">Talk to {studio.artist.firstName}</h2>
        <p>Call, or send an e-mail with your idea and a few references.</p>
        <div className="button-row button-row--center">
          <CallButton />
          <EmailButton />
        </div>
      </section>
    </div>
  );
}
