import type { InferResponseType } from "hono/client";
import { type FunnelPeriod, funnelStageLabels } from "../../../shared/journey-funnel";
import { Alert } from "../../components/alert";
import { api, client } from "../../lib/api";
import { PeriodPanel, usePeriodFigures } from "./period-figures";

const journey = client.api.admin.journey;
type Journey = InferResponseType<typeof journey.$get, 200>;
const loadJourney = (period: FunnelPeriod): Promise<Journey> => api(journey.$get({ query: { period } }));

/**
 * From request to completed session: how many of the period's requests reached each stage, the
 * share of each stage that reached the next, and of all requests the share that was completed.
 */
export function JourneyPanel() {
  const figures = usePeriodFigures(loadJourney);
  const { data, failed } = figures;
  const top = data?.steps[0]?.count ?? 0;
  return (
    <PeriodPanel
      className="admin-journey"
      title="From request to completed"
      label="Requests received"
      figures={figures}
    >
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
    </PeriodPanel>
  );
}
