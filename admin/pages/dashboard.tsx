import { useState } from "react";
import { Tab, TabList } from "../components/tabs";
import {
  ExperimentsPanel,
  JourneyPanel,
  OverviewPanel,
  SeoPanel,
  SessionsPanel,
} from "../features/dashboard";

const tabs = [
  { id: "overview", label: "Overview" },
  { id: "seo", label: "SEO Dashboard" },
  { id: "experiments", label: "Experiments" },
] as const;
type TabId = (typeof tabs)[number]["id"];

/**
 * The site's own figures, outside the daily path: real figures only, or a plain "N/A" saying
 * why there are none.
 */
export function DashboardPage() {
  const [tab, setTab] = useState<TabId>("overview");
  return (
    <section className="admin-page" aria-labelledby="admin-title">
      <p className="admin-eyebrow">More</p>
      <h1 id="admin-title">Site insights</h1>
      <TabList label="Dashboard">
        {tabs.map((t) => (
          <Tab
            key={t.id}
            id={`dash-tab-${t.id}`}
            panel="dash-panel"
            selected={tab === t.id}
            onSelect={() => setTab(t.id)}
          >
            {t.label}
          </Tab>
        ))}
      </TabList>
      <div id="dash-panel" role="tabpanel" aria-labelledby={`dash-tab-${tab}`} className="admin-panel">
        {tab === "overview" ? <OverviewPanel /> : null}
        {tab === "overview" ? <JourneyPanel /> : null}
        {tab === "overview" ? <SessionsPanel /> : null}
        {tab === "seo" ? <SeoPanel /> : null}
        {tab === "experiments" ? <ExperimentsPanel /> : null}
      </div>
    </section>
  );
}
