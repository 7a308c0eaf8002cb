import type { InferResponseType } from "hono/client";
import type { FunnelPeriod } from "../../../shared/journey-funnel";
import { formatUsd } from "../../../shared/money";
import { Alert } from "../../components/alert";
import { Stat } from "../../components/stat";
import { api, client } from "../../lib/api";
import { PeriodPanel, usePeriodFigures } from "./period-figures";

const figures = client.api.admin["session-figures"];
type Figures = InferResponseType<typeof figures.$get, 200>;
const loadFigures = (period: FunnelPeriod): Promise<Figures> => api(figures.$get({ query: { period } }));

/**
 * The calendar over a period: the no-shows and late cancellations she recorded, the fees charged
 * for them, and the freed times refilled through an offer to a waiting client. One figure a Stat.
 */
export function SessionsPanel() {
  const figures = usePeriodFigures(loadFigures);
  const { data, failed } = figures;
  const value = (v: number | undefined) => (failed ? "Unable to load" : v === undefined ? "…" : String(v));
  return (
    <PeriodPanel className="admin-sessions" title="Sessions" label="Period" figures={figures}>
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
    </PeriodPanel>
  );
}
