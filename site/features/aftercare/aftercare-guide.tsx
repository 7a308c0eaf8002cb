import { aftercareMyths, dermShieldAdvice, healingStages } from "../../../shared/content/aftercare-guide";
import { TextList } from "../../components/content/text-list";
import { useFacts, useSection } from "../../content/content-context";
import { CareTimer } from "./care-timer";
import { DailyChecklist } from "./daily-checklist";
import { UrlTabs } from "./url-tabs";

/**
 * The aftercare guide: five tabs, Derm Shield first and recommended, the selected one in the URL
 * (?tab=), the care timer and the daily checklist on the Tools tab. The page hydrates it as an
 * island: the tabs and the timer need a script; without one every panel shows, one after another.
 */
export function AftercareGuide() {
  const { aftercareFacts, fillFacts, policies } = useFacts();
  const infection = useSection("faq").items.find((entry) => entry.id === "infection");
  return (
    <UrlTabs
      label="Aftercare guide"
      baseId="aftercare"
      tabs={[
        {
          id: "derm",
          label: "Derm Shield",
          title: "Derm Shield",
          badge: "Recommended",
          content: (
            <>
              <p>
                Your tattoo leaves the studio under Derm Shield, a breathable, transparent second-skin
                bandage. Leave it on for {aftercareFacts.dermShield}. Fluid collecting under it in the first
                day is normal.
              </p>
              <TextList className="check-list" items={dermShieldAdvice(aftercareFacts)} />
            </>
          ),
        },
        {
          id: "timeline",
          label: "Healing Timeline",
          title: "Healing timeline",
          content: (
            <ol className="steps steps--cards">
              {healingStages(aftercareFacts).map((stage) => (
                <li key={stage.name}>
                  <h3>
                    {stage.name} <span className="note">{stage.days}</span>
                  </h3>
                  <p>{stage.text}</p>
                </li>
              ))}
            </ol>
          ),
        },
        {
          id: "tools",
          label: "Daily Tools and Timers",
          title: "Daily tools and timers",
          content: (
            <>
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
          title: "Myth-busting",
          content: (
            <dl className="faq">
              {aftercareMyths(aftercareFacts).map(([myth, truth]) => (
                <div key={myth} className="faq__item">
                  <dt>Myth: {myth}</dt>
                  <dd>{truth}</dd>
                </div>
              ))}
            </dl>
          ),
        },
        {
          id: "reference",
          label: "Reference",
          title: "Quick reference",
          content: (
            <>
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
                  <p>{fillFacts(infection.answer)}</p>
                </div>
              ) : null}
            </>
          ),
        },
      ]}
    />
  );
}
