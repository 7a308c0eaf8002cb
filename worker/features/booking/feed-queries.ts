import { and, asc, desc, eq, gt, isNull, ne, or } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { consultationRequests } from "../../platform/db/schema";
import { calendarFeeds } from "./feed-tables";
import { sessionTime } from "./queries";
import { bookings } from "./tables";

/** The feed in use, if any: the newest one not revoked. */
export async function activeFeed(d1: D1Database) {
  const [row] = await drizzle(d1)
    .select({ id: calendarFeeds.id, createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(isNull(calendarFeeds.revokedAt))
    .orderBy(desc(calendarFeeds.createdAt))
    .limit(1);
  return row ?? null;
}

/** The feed whose token hashes to `tokenHash`, if it has not been revoked. */
export async function liveFeedByHash(d1: D1Database, tokenHash: string) {
  const [row] = await drizzle(d1)
    .select({ id: calendarFeeds.id })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), isNull(calendarFeeds.revokedAt)));
  return row ?? null;
}

/** Revokes every live feed and, in the same batch, adds the new one: never two live addresses. */
export async function replaceFeed(d1: D1Database, feed: { id: string; tokenHash: string; now: string }) {
  const db = drizzle(d1);
  await db.batch([
    db.update(calendarFeeds).set({ revokedAt: feed.now }).where(isNull(calendarFeeds.revokedAt)),
    db.insert(calendarFeeds).values({ id: feed.id, tokenHash: feed.tokenHash, createdAt: feed.now }),
  ]);
}

/** Revokes every live feed; resolves with how many there were. */
export async function revokeFeeds(d1: D1Database, now: string): Promise<number> {
  const revoked = await drizzle(d1)
    .update(calendarFeeds)
    .set({ revokedAt: now })
    .where(isNull(calendarFeeds.revokedAt))
    .returning({ id: calendarFeeds.id });
  return revoked.length;
}

/**
 * The sessions the feed lists: every one ending after `since`, booked, done or cancelled, with
 * what its event says of the request (never its e-mail, phone or health answers). A session
 * ended by its client's move is left out: the session it became carries its event.
 */
export function feedSessions(d1: D1Database, since: string) {
  return drizzle(d1)
    .select({
      ...sessionTime,
      status: bookings.status,
      createdAt: bookings.createdAt,
      cancelledAt: bookings.cancelledAt,
      calendarUid: bookings.calendarUid,
      calendarSequence: bookings.calendarSequence,
      movedFrom: bookings.movedFrom,
      name: consultationRequests.name,
      tattooIdea: consultationRequests.tattooIdea,
      placement: consultationRequests.placement,
      size: consultationRequests.size,
      flashDesign: consultationRequests.flashDesign,
    })
    .from(bookings)
    .innerJoin(consultationRequests, eq(consultationRequests.id, bookings.submissionId))
    .where(
      and(
        gt(bookings.endsAt, since),
        or(ne(bookings.status, "cancelled"), isNull(bookings.cancelledBy), ne(bookings.cancelledBy, "move")),
      ),
    )
    .orderBy(asc(bookings.startsAt));
}
