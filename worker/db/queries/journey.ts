import { desc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { bookings, quotes } from "../schema";

/** Where a request's quote and booking stand (its latest of each), for `stageOf`. */
export async function journeyOf(d1: D1Database, submissionId: string) {
  const db = drizzle(d1);
  const [[quote], [booking]] = await Promise.all([
    db
      .select({ status: quotes.status })
      .from(quotes)
      .where(eq(quotes.submissionId, submissionId))
      .orderBy(desc(quotes.createdAt))
      .limit(1),
    db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.submissionId, submissionId))
      .orderBy(desc(bookings.createdAt))
      .limit(1),
  ]);
  return { quote: quote?.status ?? null, booking: booking?.status ?? null };
}
