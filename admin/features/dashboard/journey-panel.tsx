import type { InferResponseType } from "hono/client";
import { useEffect, useId, useState } from "react";
import {
  type FunnelPeriod,
  funnelPeriodLabels,
  funnelPeriods,
  funnelStageLabels,
} from "../../../shared/journey-funnel";
import { Alert } from "../../components/alert";
import { api, client } from "../../lib/api";

const journey = client.api.admin.journey;
type Journey = InferResponseType<typeof journey.$get, 200>;

const periods = Object.keys(funnelPeriods) as FunnelPeriod[];

/**
 * From request to completed session: how many of the period's requests reached each stage, the
 * share of each stage that reached the next, and of all requests the share that was completed.
 */
export function JourneyPanel() {
  const selectId = useId();
  const [period, setPeriod] = useState<FunnelPeriod>("90d");
  const [data, setData] = useState<Journey | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setFailed(false);
    api(journey.$get({ query: { period } }))
      .then(setData)
      .catch(() => setFailed(true));
  }, [period]);
  const top = data?.steps[0]?.count ?? 0;
  return (
    <section className="admin-journey" aria-labelledby="admin-journey-title">
      <div className="admin-journey__head">
        <h2 id="admin-journey-title">From request to completed</h2>
        <div className="admin-journey__period">
          <label htmlFor={selectId}>Requests received</label>
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
      {failed ? (
        <Alert>Failed to connect to database</Alert>
      ) : !data ? (
        <p className="admin-muted">Loading…</p>
      ) : (
        <>
          <ol className="admin-journey__steps">
            {data.steps.map((step) => (
              <li key={step.stage} className="admin-journey__step">
                <span className="admin-journey__label">{funnelStageLabels[step.stage]}</span>
                <span className="admin-journey__count">{step.count}</span>
                <span className="admin-journey__bar" aria-hidden="true">
                  <span
                    style={{ width: `${top && step.count ? Math.max(2, (step.count / top) * 100) : 0}%` }}
                  />
                </span>
                <span className="admin-journey__conversion">
                  {step.conversion === null
                    ? step.stage === "requests"
                      ? ""
                      : "N/A"
                    : `${step.conversion}% of the stage before`}
                </span>
              </li>
            ))}
          </ol>
          <p className="admin-journey__overall">
            Request to completed:{" "}
            <strong>{data.overall === null ? "N/A (no requests in this period)" : `${data.overall}%`}</strong>
          </p>
        </>
      )}
    </section>
  );
}
