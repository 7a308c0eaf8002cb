import { type FunnelPeriod, funnelPeriods } from "../../../shared/journey-funnel";
import { slotsRefilled } from "../waitlist/offers";

const dayMs = 86_400_000;

/**
 * The dashboard's figures about the calendar over a period: how many freed times (cancelled or
 * moved sessions) a waiting client took through an offer. Each figure is one field of `figures`,
 * so the session outcomes (no-shows, late cancellations, fees kept) sit beside it.
 */
export async function sessionFigures(db: D1Database, period: FunnelPeriod, now: number) {
  const days = funnelPeriods[period];
  const since = days === null ? null : new Date(now - days * dayMs).toISOString();
  return { period, since, figures: { slotsRefilled: await slotsRefilled(db, since) } };
}
