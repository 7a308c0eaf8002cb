import { desc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { paymentSetupOf } from "../../platform/config";
import { bookings } from "../../platform/db/schema";
import { savedCardOf, sessionFeeCounts } from "./card-queries";

/**
 * Whether the request must save a card before it books: the studio keeps cards on file, none is
 * saved for it, and it holds no booked session (one booked before cards were kept moves as it is).
 */
export async function needsCardFirst(
  env: Parameters<typeof paymentSetupOf>[0] & { DB: D1Database },
  submissionId: string,
): Promise<boolean> {
  if (!paymentSetupOf(env).cardOnFile) return false;
  const [card, [latest]] = await Promise.all([
    savedCardOf(env.DB, submissionId),
    drizzle(env.DB)
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.submissionId, submissionId))
      .orderBy(desc(bookings.createdAt))
      .limit(1),
  ]);
  return !card && latest?.status !== "booked";
}

/** The request's card on file, or null: what "Save a card" checks before opening Stripe's page. */
export const cardOnFileOfRequest = (db: D1Database, submissionId: string) => savedCardOf(db, submissionId);

/** No-shows, late cancellations and fees charged over a period, for the dashboard. */
export const feeCountsBetween = (db: D1Database, range: { from: string; to: string }) =>
  sessionFeeCounts(db, range);
