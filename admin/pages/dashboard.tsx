import { useState } from "react";
import { useNavigate } from "react-router";
import { Tab, TabList } from "../components/tabs";
import { ExperimentsPanel, JourneyPanel, OverviewPanel, SeoPanel } from "../features/dashboard";
import { SchedulePanel } from "../features/schedule";
import { PasskeysPanel } from "../features/security";

const tabs = [
  { id: "overview", label: "Overview" },
  { id: "schedule", label: "Schedule" },
  { id: "users", label: "Users" },
  { id: "analytics", label: "Analytics" },
  { id: "seo", label: "SEO Dashboard" },
  { id: "experiments", label: "Experiments" },
  { id: "security", label: "Security" },
  { id: "consultations", label: "Consultation Requests", to: "/admin/consultations" },
  { id: "tests", label: "System Tests", to: "/admin/test" },
] as const;
type TabId = (typeof tabs)[number]["id"];

/** The artist's dashboard: real figures only, or a plain "N/A" saying why there are none. */
export function DashboardPage() {
  const [tab, setTab] = useState<TabId>("overview");
  const navigate = useNavigate();
  return (
    <section className="admin-page" aria-labelledby="admin-title">
      <p className="admin-eyebrow">Studio</p>
      <h1 id="admin-title">Dashboard</h1>
      <TabList label="Dashboard">
        {tabs.map((t) => (
          <Tab
            key={t.id}
            id={`dash-tab-${t.id}`}
            panel="dash-panel"
            selected={tab === t.id}
            onSelect={() => ("to" in t ? navigate(t.to) : setTab(t.id))}
          >
            {t.label}
          </Tab>
        ))}
      </TabList>
      <div id="dash-panel" role="tabpanel" aria-labelledby={`dash-tab-${tab}`} className="admin-panel">
        {tab === "overview" ? <OverviewPanel /> : null}
        {tab === "overview" ? <JourneyPanel /> : null}
        {tab === "schedule" ? <SchedulePanel /> : null}
        {tab === "users" ? <ComingSoon what="Users" /> : null}
        {tab === "analytics" ? <ComingSoon what="Analytics" /> : null}
        {tab === "seo" ? <SeoPanel /> : null}
        {tab === "experiments" ? <ExperimentsPanel /> : null}
        {tab === "security" ? <PasskeysPanel /> : null}
      </div>
    </section>
  );
}

function ComingSoon({ what }: { what: string }) {
  return (
    <div className="admin-empty">
      <h2>{what}</h2>
      <p>Coming soon.</p>
    </div>
  );
}
