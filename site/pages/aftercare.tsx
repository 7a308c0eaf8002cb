import { Link } from "react-router";
import { faq } from "../../shared/content/faq";
import { policies, studio, telHref } from "../../shared/studio";
import { PageHero } from "../components/page-hero";

const stages = [
  {
    name: "Fresh",
    days: "Days 0-3",
    text: "Derm Shield stays on. Some redness, warmth and fluid under the film are normal.",
  },
  {
    name: "Active healing",
    days: "Days 4-14",
    text: "Film off, gentle washing, a thin layer of lotion 2-3 times a day. Flaking and itching start: don't pick.",
  },
  {
    name: "Settling",
    days: "Days 15-28",
    text: "The surface looks healed and may seem a little cloudy. Keep moisturising and keep it out of the sun.",
  },
  {
    name: "Maturation",
    days: "Day 29+",
    text: "The deeper skin finishes healing over 4-6 weeks and the colours settle to their final look.",
  },
];

const presets = [
  { name: "Gentle Cleaning", minutes: 3 },
  { name: "Moisturizing", minutes: 2 },
  { name: "Visual Inspection", minutes: 5 },
];

const myths = [
  [
    "Let it dry out to heal faster.",
    "Skin heals best slightly moist: thin lotion 2-3 times a day, not a scab-forming dry-out.",
  ],
  [
    "Thick layers of ointment protect it.",
    "Too much product suffocates the skin and can bubble the ink. A light sheen is enough.",
  ],
  [
    "A little sun is fine once it's peeling.",
    "UV fades fresh ink fast. Cover it until healed, then use SPF 30+ for life.",
  ],
  [
    "Swimming is OK after a few days.",
    "Pools, hot tubs, baths and the ocean carry bacteria. Wait 2 full weeks.",
  ],
];

const infection = faq.find((entry) => entry.id === "infection");

/**
 * The aftercare guide as prerendered sections, one per tab of the spec (public-site.md 2). The
 * tab bar and the interactive care timers come in their own issue; this content stays the same.
 */
export function AftercarePage() {
  return (
    <div className="page">
      <PageHero page="aftercare" eyebrow="Heal it right">
        <p>
          Everything you need for the next four to six weeks, from the first Derm Shield to full maturation.
        </p>
        <p>
          Worried about your healing? <a href={telHref}>Call the studio: {studio.phone.display}</a>. For a
          medical emergency call 911.
        </p>
      </PageHero>

      <nav className="legal__toc" aria-label="Aftercare sections">
        <ol>
          <li>
            <a href="#derm">Derm Shield (recommended)</a>
          </li>
          <li>
            <a href="#timeline">Healing Timeline</a>
          </li>
          <li>
            <a href="#tools">Daily Tools and Timers</a>
          </li>
          <li>
            <a href="#myths">Myth-Busting</a>
          </li>
          <li>
            <a href="#reference">Reference</a>
          </li>
        </ol>
      </nav>

      <section id="derm" className="section" aria-labelledby="derm-title">
        <h2 id="derm-title">
          Derm Shield <span className="badge">Recommended</span>
        </h2>
        <p>
          Your tattoo leaves the studio under Derm Shield, a breathable, transparent second-skin bandage.
          Leave it on for 3-5 days. Fluid collecting under it in the first day is normal.
        </p>
        <ul className="check-list">
          <li>Short showers are fine with it on; no soaking for 2 weeks.</li>
          <li>
            Remove it early if it stops sealing after 2-3 days, or if the skin under it itches or blisters.
          </li>
          <li>
            About 5-10% of people are sensitive to the adhesive: if that's you, take it off and wash gently.
          </li>
          <li>
            Remove it slowly in the shower, peeling it back over itself in the direction of hair growth.
          </li>
        </ul>
      </section>

      <section id="timeline" className="section" aria-labelledby="timeline-title">
        <h2 id="timeline-title">Healing timeline</h2>
        <ol className="steps steps--cards">
          {stages.map((stage) => (
            <li key={stage.name}>
              <h3>
                {stage.name} <span className="note">{stage.days}</span>
              </h3>
              <p>{stage.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section id="tools" className="section" aria-labelledby="tools-title">
        <h2 id="tools-title">Daily tools and timers</h2>
        <p>Twice a day, morning and evening, take a few minutes for each step:</p>
        <ul className="check-list">
          {presets.map((preset) => (
            <li key={preset.name}>
              {preset.name}: {preset.minutes} minutes
            </li>
          ))}
        </ul>
        <p>Morning and evening checklist: cleaned, moisturised, inspected.</p>
      </section>

      <section id="myths" className="section" aria-labelledby="myths-title">
        <h2 id="myths-title">Myth-busting</h2>
        <dl className="faq">
          {myths.map(([myth, truth]) => (
            <div key={myth} className="faq__item">
              <dt>Myth: {myth}</dt>
              <dd>{truth}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section id="reference" className="section" aria-labelledby="reference-title">
        <h2 id="reference-title">Quick reference</h2>
        <ul className="check-list">
          <li>Derm Shield: 3-5 days</li>
          <li>No swimming, baths or hot tubs: 2 weeks</li>
          <li>Moisturise: thin layer, 2-3 times a day</li>
          <li>Full healing: 4-6 weeks</li>
          <li>{policies.touchUps} of your session</li>
        </ul>
        {infection ? (
          <div className="callout" role="note">
            <h3>When to see a doctor</h3>
            <p>{infection.answer}</p>
          </div>
        ) : null}
      </section>

      <section className="cta-block" aria-labelledby="aftercare-cta-title">
        <h2 id="aftercare-cta-title">Questions while you heal?</h2>
        <p>
          Call or text any time during studio hours. Read more in the <Link to="/services">services FAQ</Link>
          .
        </p>
        <a href={telHref} className="button button--primary">
          Call {studio.phone.display}
        </a>
      </section>
    </div>
  );
}
