import { useEffect, useState } from "react";
import { Alert } from "../../components/alert";
import { Stat } from "../../components/stat";
import { loadOverview, type Overview } from "./api";
import { WeeklyChart } from "./weekly-chart";

/** The inbox in figures: real counts only, "N/A" when there is nothing to divide. */
export function OverviewPanel() {
  const [data, setData] = useState<Overview | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    loadOverview()
      .then(setData)
      .catch(() => setFailed(true));
  }, []);
  const f = data?.figures;
  const value = (v: number | string | undefined) =>
    failed ? "Unable to load" : v === undefined ? "…" : String(v);
  return (
    <>
      <h2 className="admin-visually-hidden">Overview</h2>
      {failed ? <Alert>Failed to connect to database</Alert> : null}
      <div className="admin-stats">
        <Stat label="Consultation requests" value={value(f?.totalConsultations)} />
        <Stat label="Contact messages" value={value(f?.totalContacts)} />
        <Stat
          label="Pending items"
          value={value(f?.pendingItems)}
          hint="Unread messages + pending requests"
        />
        <Stat
          label="Response rate"
          value={value(f ? (f.responseRate === null ? "N/A" : `${f.responseRate}%`) : undefined)}
          hint={
            f?.responseRate === null
              ? "No submissions yet"
              : "Responded messages + completed requests, of all"
          }
        />
      </div>
      {data ? <WeeklyChart weeks={data.weeks} /> : null}
    </>
  );
}
