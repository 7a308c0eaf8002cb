import { useEffect, useId, useState } from "react";
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

/** A period panel's heading, with the period's select beside it. */
export function PeriodHead({
  titleId,
  title,
  label,
  period,
  onChange,
}: {
  titleId: string;
  title: string;
  /** What the period counts ("Requests received"), as the select's label. */
  label: string;
  period: FunnelPeriod;
  onChange: (period: FunnelPeriod) => void;
}) {
  const selectId = useId();
  return (
    <div className="admin-journey__head">
      <h2 id={titleId}>{title}</h2>
      <div className="admin-journey__period">
        <label htmlFor={selectId}>{label}</label>
        <select
          id={selectId}
          className="form-control"
          value={period}
          onChange={(event) => onChange(event.target.value as FunnelPeriod)}
        >
          {periods.map((p) => (
            <option key={p} value={p}>
              {funnelPeriodLabels[p]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
