import { type ReactNode, useEffect, useId, useState } from "react";
import { type FunnelPeriod, funnelPeriodLabels, funnelPeriods } from "../../../shared/journey-funnel";

const periods = Object.keys(funnelPeriods) as FunnelPeriod[];

/**
 * A dashboard panel's figures over a period she picks (90 days at first): loaded again whenever
 * the period changes, with whether the last load failed.
 */
export function usePeriodFigures<T>(load: (period: FunnelPeriod) => Promise<T>) {
  const [period, setPeriod] = useState<FunnelPeriod>("90d");
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setFailed(false);
    load(period)
      .then(setData)
      .catch(() => setFailed(true));
  }, [load, period]);
  return { period, setPeriod, data, failed };
}

/**
 * A dashboard panel over a period: its heading, with the period's select beside it, then what
 * the panel shows of the figures `usePeriodFigures` loaded.
 */
export function PeriodPanel({
  className,
  title,
  label,
  figures: { period, setPeriod },
  children,
}: {
  className: string;
  title: string;
  /** What the period counts ("Requests received"), as the select's label. */
  label: string;
  figures: Pick<ReturnType<typeof usePeriodFigures>, "period" | "setPeriod">;
  children: ReactNode;
}) {
  const titleId = useId();
  const selectId = useId();
  return (
    <section className={className} aria-labelledby={titleId}>
      <div className="admin-journey__head">
        <h2 id={titleId}>{title}</h2>
        <div className="admin-journey__period">
          <label htmlFor={selectId}>{label}</label>
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
      {children}
    </section>
  );
}
