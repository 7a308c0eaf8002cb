import type { InferResponseType } from "hono/client";
import { useEffect, useId, useState } from "react";
import { type FunnelPeriod, funnelPeriodLabels, funnelPeriods } from "../../../shared/journey-funnel";
import { formatUsd } from "../../../shared/money";
import { Alert } from "../../components/alert";
import { Stat } from "../../components/stat";
import { api, client } from "../../lib/api";

const figures = client.api.admin["session-figures"];
type Figures = InferResponseType<typeof figures.$get, 200>;

const periods = Object.keys(funnelPeriods) as FunnelPeriod[];

/**
 * The calendar over a period: the no-shows and late cancellations she recorded, the fees charged
 * for them, and the freed times refilled through an offer to a waiting client. One figure a Stat.
 */
export function SessionsPanel() {
  const selectId = useId();
  const [period, setPeriod] = useState<FunnelPeriod>("90d");
  const [data, setData] = useState<Figures | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setFailed(false);
    api(figures.$get({ query: { period } }))
      .then(setData)
      .catch(() => setFailed(true));
  }, [period]);
  const value = (v: number | undefined) => (failed ? "Unable to load" : v === undefined ? "…" : String(v));
  return (
    <section className="admin-sessions" aria-labelledby="admin-sessions-title">
      <div className="admin-journey__head">
        <h2 id="admin-sessions-title">Sessions</h2>
        <div className="admin-journey__period">
          <label htmlFor={selectId}>Period</label>
          <select
            id={selectId}
            className="form-control"
            value={period}
            onChange={(event) => setPeriod(event.target.value as FunnelPeriod)}
          >
            {periods.map((p) => (
              <option key={p} value={p}>
                {funnelPeriodLabels[p]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {failed ? <Alert>Failed to connect to database</Alert> : null}
      <div className="admin-stats">
        <Stat
          label="No-shows"
          value={value(data?.figures.noShows)}
          hint="Sessions the client did not come to"
        />
        <Stat
          label="Late cancellations"
          value={value(data?.figures.lateCancellations)}
          hint="Sessions the client cancelled inside the notice period"
        />
        <Stat
          label="Fees charged"
          value={
            failed || !data
              ? value(undefined)
              : `${data.figures.feesCharged} · ${formatUsd(data.figures.feesChargedCents)}`
          }
          hint="No-show and late-cancellation fees charged to a card on file"
        />
        <Stat
          label="Slots refilled"
          value={value(data?.figures.slotsRefilled)}
          hint="Cancelled or moved times a waiting client took through an offer"
        />
      </div>
    </section>
  );
}
