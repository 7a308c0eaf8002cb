import type { Facts } from "../../../shared/content-facts";
import { useFacts, useSection } from "../../content/content-context";
import { CareTimer } from "./care-timer";
import { DailyChecklist } from "./daily-checklist";
import { UrlTabs } from "./url-tabs";

const stages = ({ aftercareFacts }: Facts) => [
  {
    name: "Fresh",
    days: "Days 0-3",
    text: "Derm Shield stays on. Some redness, warmth and fluid under the film are normal.",
  },
  {
    name: "Active healing",
    days: "Days 4-14",
    text: `Film off, gentle washing, a thin layer of lotion ${aftercareFacts.moisturise}. Flaking and itching start: don't pick.`,
  },
  {
    name: "Settling",
    days: "Days 15-28",
    text: "The surface looks healed and may seem a little cloudy. Keep moisturising and keep it out of the sun.",
  },
  {
    name: "Maturation",
    days: "Day 29+",
    text: `The deeper skin finishes healing over ${aftercareFacts.fullHealing} and the colours settle to their final look.`,
  },
];

const myths = ({ aftercareFacts }: Facts) => [
  [
    "Let it dry out to heal faster.",
    `Skin heals best slightly moist: thin lotion ${aftercareFacts.moisturise}, not a scab-forming dry-out.`,
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
    `Pools, hot tubs, baths and the ocean carry bacteria. Wait ${aftercareFacts.noSoaking.replace(" ", " full ")}.`,
  ],
];

/**
 * The aftercare guide: five tabs, Derm Shield first and recommended, the selected one in the URL
 * (?tab=), the care timer and the daily checklist on the Tools tab. The page hydrates it as an
 * island: the tabs and the timer need a script; without one every panel shows, one after another.
 */
export function AftercareGuide() {
  const facts = useFacts();
  const { aftercareFacts, policies } = facts;
  const infection = useSection("faq").items.find((entry) => entry.id === "infection");
  return (
    <UrlTabs
      label="Aftercare guide"
      baseId="aftercare"
      tabs={[
        {
          id: "derm",
          label: "Derm Shield",
          badge: "Recommended",
          content: (
            <>
              <h2 id="derm-title">
                Derm Shield <span className="badge">Recommended</span>
              </h2>
              <p>
                Your tattoo leaves the studio under Derm Shield, a breathable, transparent second-skin
                bandage. Leave it on for {aftercareFacts.dermShield}. Fluid collecting under it in the first
                day is normal.
              </p>
              <ul className="check-list">
                <li>Short showers are fine with it on; no soaking for {aftercareFacts.noSoaking}.</li>
                <li>
                  Remove it early if it stops sealing after 2-3 days, or if the skin under it itches or
                  blisters.
                </li>
                <li>
                  About 5-10% of people are sensitive to the adhesive: if that's you, take it off and wash
                  gently.
                </li>
                <li>
                  Remove it slowly in the shower, peeling it back over itself in the direction of hair growth.
                </li>
              </ul>
            </>
          ),
        },
        {
          id: "timeline",
          label: "Healing Timeline",
          content: (
            <>
              <h2 id="timeline-title">Healing timeline</h2>
              <ol className="steps steps--cards">
                {stages(facts).map((stage) => (
                  <li key={stage.name}>
                    <h3>
                      {stage.name} <span className="note">{stage.days}</span>
                    </h3>
                    <p>{stage.text}</p>
                  </li>
                ))}
              </ol>
            </>
          ),
        },
        {
          id: "tools",
          label: "Daily Tools and Timers",
          content: (
            <>
              <h2 id="tools-title">Daily tools and timers</h2>
              <p>
                Twice a day, morning and evening, take a few minutes for each step. Start a timer and follow
                along:
              </p>
              <CareTimer />
              <DailyChecklist />
            </>
          ),
        },
        {
          id: "myths",
          label: "Myth-Busting",
          content: (
            <>
              <h2 id="myths-title">Myth-busting</h2>
              <dl className="faq">
                {myths(facts).map(([myth, truth]) => (
                  <div key={myth} className="faq__item">
                    <dt>Myth: {myth}</dt>
                    <dd>{truth}</dd>
                  </div>
                ))}
              </dl>
            </>
          ),
        },
        {
          id: "reference",
          label: "Reference",
          content: (
            <>
              <h2 id="reference-title">Quick reference</h2>
              <ul className="check-list">
                <li>Derm Shield: {aftercareFacts.dermShield}</li>
                <li>No swimming, baths or hot tubs: {aftercareFacts.noSoaking}</li>
                <li>Moisturise: thin layer, {aftercareFacts.moisturise}</li>
                <li>Full healing: {aftercareFacts.fullHealing}</li>
                <li>{policies.touchUps} of your session</li>
              </ul>
              {infection ? (
                <div className="callout" role="note">
                  <h3>When to see a doctor</h3>
                  <p>{infection.answer}</p>
                </div>
              ) : null}
            </>
          ),
        },
      ]}
    />
  );
}
