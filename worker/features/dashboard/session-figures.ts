import { type FunnelPeriod, funnelPeriods } from "../../../shared/journey-funnel";
import { feeCountsBetween } from "../quotes-and-deposits/card-service";
import { slotsRefilled } from "../waitlist/offers";

const dayMs = 86_400_000;

/**
 * The dashboard's figures about the calendar over a period: the no-shows and late cancellations
 * the artist recorded, the fees charged for them (how many, and their total), and how many freed
 * times (cancelled or moved sessions) a waiting client took through an offer.
 */
export async function sessionFigures(db: D1Database, period: FunnelPeriod, now: number) {
  const days = funnelPeriods[period];
  const since = days === null ? null : new Date(now - days * dayMs).toISOString();
  const [fees, refilled] = await Promise.all([
    feeCountsBetween(db, { from: since ?? "", to: new Date(now + dayMs).toISOString() }),
    slotsRefilled(db, since),
  ]);
  return {
    period,
    since,
    figures: {
      noShows: fees.noShows,
      lateCancellations: fees.lateCancellations,
      feesCharged: fees.feesCharged,
      feesChargedCents: fees.feesChargedCents,
      slotsRefilled: refilled,
    },
  };
}
