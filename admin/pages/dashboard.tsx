import { useState } from "react";
import { AdminPage } from "../components/admin-page";
import { Tab, TabList } from "../components/tabs";
import {
  ExperimentsPanel,
  JourneyPanel,
  OverviewPanel,
  SeoPanel,
  SessionsPanel,
} from "../features/dashboard";

/** The dashboard's tabs, each with the panels it shows. */
const tabs = [
  { id: "overview", label: "Overview", panels: [OverviewPanel, JourneyPanel, SessionsPanel] },
  { id: "seo", label: "SEO Dashboard", panels: [SeoPanel] },
  { id: "experiments", label: "Experiments", panels: [ExperimentsPanel] },
] as const;
type TabId = (typeof tabs)[number]["id"];

/**
 * The site's own figures, outside the daily path: real figures only, or a plain "N/A" saying
 * why there are none.
 */
export function DashboardPage() {
  const [tab, setTab] = useState<TabId>("overview");
  return (
    <AdminPage eyebrow="More" title="Site insights">
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
        {tabs
          .find((t) => t.id === tab)
          ?.panels.map((Panel, index) => (
            // A tab's panels are fixed and never reordered: each one's place is its key.
            <Panel key={index} />
          ))}
      </div>
    </AdminPage>
  );
}
