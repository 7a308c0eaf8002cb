import { type FunnelPeriod, funnelPeriods, funnelStages, percentOf } from "../../../shared/journey-funnel";
import { journeyCounts } from "../request-status/service";

const dayMs = 86_400_000;

/**
 * The dashboard's path from request to completed session over a period of requests: the count at
 * each stage, the conversion from each stage to the next, and from request to completed.
 */
export async function journeyFunnel(db: D1Database, period: FunnelPeriod, now: number) {
  const days = funnelPeriods[period];
  const since = days === null ? null : new Date(now - days * dayMs).toISOString();
  const counts = await journeyCounts(db, since);
  const steps = funnelStages.map((stage, i) => {
    const before = i === 0 ? null : funnelStages[i - 1];
    return {
      stage,
      count: counts[stage],
      /** Of the stage before, the share that reached this one (null for the first, or nothing before). */
      conversion: before ? percentOf(counts[stage], counts[before]) : null,
    };
  });
  return { period, since, steps, overall: percentOf(counts.completed, counts.requests) };
}
