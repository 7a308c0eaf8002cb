import type { Facts } from "../../../shared/content-facts";
import { useFacts } from "../../content/content-context";
import { type Term, TermList } from "../content/term-list";

/** A style's typical price at each size, as the rows of its price list. */
const bySize = (ranges: { small: string; medium: string; large: string }): Term[] => [
  ["Small", ranges.small],
  ["Medium", ranges.medium],
  ["Large", ranges.large],
];

/** The styles the studio tattoos, each with its typical prices, as an exclusive accordion. */
interface Specialization {
  id: string;
  title: string;
  summary: string;
  detail: string;
  prices: Term[];
}

const specializationsFor = ({ studio, prices, stylePrices }: Facts): Specialization[] => [
  {
    id: "traditional",
    title: "Traditional",
    summary: "Bold lines, a confident palette and designs built to read clearly for decades.",
    detail: `American traditional is the backbone of tattooing: swallows, roses, daggers, sacred hearts. ${studio.artist.firstName} draws each one fresh for you, keeping the heavy outlines and solid colour that make traditional work age so well.`,
    prices: bySize(stylePrices.traditional),
  },
  {
    id: "realism",
    title: "Realism",
    summary: "Portraits, animals and nature in black and grey or colour, shaded to feel alive.",
    detail:
      "Realism takes patience: smooth gradients, soft edges and careful contrast so the piece still reads in ten years. Larger realism is split across sessions so your skin can rest and the shading stays even.",
    prices: bySize(stylePrices.realism),
  },
  {
    id: "custom",
    title: "Custom design",
    summary: "One drawing, made for one person. Nothing from the wall, nothing repeated.",
    detail:
      "Every custom piece starts with a conversation about what it means to you, then sketches, then adjustments until it sits right on your body. The design is yours: it is never tattooed on anyone else.",
    prices: [
      ["Design", prices.customDesign.range],
      [prices.small.label, prices.small.range],
      [prices.medium.label, prices.medium.range],
      [prices.large.label, prices.large.range],
    ],
  },
  {
    id: "coverups",
    title: "Cover-ups",
    summary: "Old names, faded lines and regrets turned into work you are proud to show.",
    detail:
      "A good cover-up is planned around the old tattoo's darkest parts. We look at it together at a free consultation, talk honestly about what can hide it, and quote once we have seen it.",
    prices: [["Typical range", stylePrices.coverUps.range]],
  },
  {
    id: "mystical",
    title: "Mystical and spiritual",
    summary: "Mandalas, lotuses, sacred geometry and symbols that carry personal meaning.",
    detail:
      "Spiritual work is personal, so we take time to get the symbolism right: the number of petals, the direction of a moon, the flow of a mandala across the body.",
    prices: bySize(stylePrices.spiritual),
  },
];

export function Specializations() {
  const facts = useFacts();
  const { studio } = facts;
  return (
    <section className="section" aria-labelledby="specialties-title">
      <p className="eyebrow">Specializations</p>
      <h2 id="specialties-title">What {studio.artist.firstName} tattoos, and what it costs</h2>
      <p className="section__lede">
        Open a style to read more. Prices are typical ranges for that style; your exact quote comes at the
        free consultation.
      </p>
      <div className="accordion">
        {specializationsFor(facts).map((card) => (
          // Native exclusive disclosure: one card open at a time, keyboard operable and working
          // before hydration or with JavaScript off.
          <details
            key={card.id}
            name="home-specializations"
            className="accordion__item"
            id={`style-${card.id}`}
          >
            <summary className="accordion__summary">
              <span className="accordion__title">{card.title}</span>
              <span className="accordion__hint">{card.summary}</span>
            </summary>
            <div className="accordion__panel">
              <p>{card.detail}</p>
              <TermList className="price-list" terms={card.prices} />
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}
