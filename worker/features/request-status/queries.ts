import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { consultationKind } from "../../../shared/submission-kinds";
import { boundChunks } from "../../platform/db/d1-limits";
import { auditLog, consultationRequests, replyDigests, requestStatusLinks } from "../../platform/db/schema";

type NewLink = typeof requestStatusLinks.$inferInsert;

/** The statement that stores a new link, for the batch that saves its request. */
export function insertStatusLink(d1: D1Database, link: NewLink) {
  return drizzle(d1).insert(requestStatusLinks).values(link);
}

/**
 * The request a live link's token hash opens, or undefined. A revoked link and a hash no link
 * has take the same query and the same answer, so nothing tells them apart.
 */
export async function findRequestByTokenHash(d1: D1Database, tokenHash: string) {
  const [row] = await drizzle(d1)
    .select({ request: consultationRequests })
    .from(requestStatusLinks)
    .innerJoin(consultationRequests, eq(consultationRequests.id, requestStatusLinks.submissionId))
    .where(and(eq(requestStatusLinks.tokenHash, tokenHash), isNull(requestStatusLinks.revokedAt)))
    .limit(1);
  return row?.request;
}

/**
 * Revokes every live link of a request and records it in the audit log, in one batch; returns
 * how many links were live (0: nothing changed, nothing recorded).
 */
export async function revokeLinksOf(
  d1: D1Database,
  submissionId: string,
  actor: { id: string; email: string },
  now: string,
): Promise<number> {
  const db = drizzle(d1);
  const live = and(eq(requestStatusLinks.submissionId, submissionId), isNull(requestStatusLinks.revokedAt));
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)` })
    .from(requestStatusLinks)
    .where(live);
  if (!count) return 0;
  await db.batch([
    // A revoked link's e-mail is not sent any more, and its encrypted token (both copies) goes with it.
    db.update(requestStatusLinks).set({ revokedAt: now, mailToken: null, threadToken: null }).where(live),
    db.insert(auditLog).values({
      adminId: actor.id,
      adminEmail: actor.email,
      entity: "consultation",
      entityId: submissionId,
      action: "status_link",
      fromValue: "active",
      toValue: "revoked",
      createdAt: now,
    }),
  ]);
  return count;
}

/**
 * Replaces a request's links with a new one, in one batch: every live link is revoked (its
 * e-mail is not sent any more), the new link is stored with its e-mail due, and the audit log
 * says who sent it. For a client who lost the link, or after one was revoked.
 */
export async function replaceLinksOf(
  d1: D1Database,
  link: NewLink,
  actor: { id: string; email: string },
  now: string,
): Promise<void> {
  const db = drizzle(d1);
  const live = and(
    eq(requestStatusLinks.submissionId, link.submissionId),
    isNull(requestStatusLinks.revokedAt),
  );
  await db.batch([
    db.update(requestStatusLinks).set({ revokedAt: now, mailToken: null, threadToken: null }).where(live),
    db.insert(requestStatusLinks).values(link),
    db.insert(auditLog).values({
      adminId: actor.id,
      adminEmail: actor.email,
      entity: "consultation",
      entityId: link.submissionId,
      action: "status_link",
      toValue: "new link sent",
      createdAt: now,
    }),
  ]);
}

export type LinkState = "active" | "revoked";

/** Each request's status page, as the inbox card shows it: active if any link is live. */
export async function linkStates(d1: D1Database, submissionIds: readonly string[]) {
  const states = new Map<string, LinkState>();
  const db = drizzle(d1);
  for (const chunk of boundChunks(submissionIds, 1)) {
    const rows = await db
      .select({
        submissionId: requestStatusLinks.submissionId,
        live: sql<number>`max(${requestStatusLinks.revokedAt} IS NULL)`,
      })
      .from(requestStatusLinks)
      .where(inArray(requestStatusLinks.submissionId, chunk))
      .groupBy(requestStatusLinks.submissionId);
    for (const row of rows) states.set(row.submissionId, row.live ? "active" : "revoked");
  }
  return states;
}

/** Links whose confirmation e-mail is due, oldest first. */
export async function dueLinkMail(d1: D1Database, now: string, limit: number) {
  return drizzle(d1)
    .select({ id: requestStatusLinks.id })
    .from(requestStatusLinks)
    .where(and(eq(requestStatusLinks.mailStatus, "pending"), lte(requestStatusLinks.nextAttemptAt, now)))
    .orderBy(asc(requestStatusLinks.nextAttemptAt))
    .limit(limit);
}

/**
 * Claims a due e-mail for one attempt (moving its next attempt past a lease, so no other run
 * sends it meanwhile) and returns it with its request, or undefined if another run has it.
 */
export async function claimLinkMail(d1: D1Database, id: string, now: string, leaseUntil: string) {
  const db = drizzle(d1);
  const [claimed] = await db
    .update(requestStatusLinks)
    .set({ nextAttemptAt: leaseUntil, mailAttempts: sql`${requestStatusLinks.mailAttempts} + 1` })
    .where(
      and(
        eq(requestStatusLinks.id, id),
        eq(requestStatusLinks.mailStatus, "pending"),
        lte(requestStatusLinks.nextAttemptAt, now),
      ),
    )
    .returning();
  if (!claimed) return undefined;
  const [request] = await db
    .select()
    .from(consultationRequests)
    .where(eq(consultationRequests.id, claimed.submissionId))
    .limit(1);
  return { link: claimed, request };
}

/** Writes an e-mail attempt's outcome; a settled one (sent or given up) forgets its token. */
export async function settleLinkMail(
  d1: D1Database,
  id: string,
  outcome: { status: "sent" | "failed" } | { status: "pending"; error: string; nextAttemptAt: string },
) {
  const set =
    outcome.status === "pending"
      ? { lastError: outcome.error, nextAttemptAt: outcome.nextAttemptAt }
      : { mailStatus: outcome.status, mailToken: null };
  await drizzle(d1).update(requestStatusLinks).set(set).where(eq(requestStatusLinks.id, id));
}

/** Requests still waiting for their first reply that were received before `before`, oldest first. */
export async function unansweredBefore(d1: D1Database, before: string, limit: number) {
  return drizzle(d1)
    .select({
      id: consultationRequests.id,
      name: consultationRequests.name,
      createdAt: consultationRequests.createdAt,
    })
    .from(consultationRequests)
    .where(
      and(
        eq(consultationRequests.status, consultationKind.initialStatus),
        lte(consultationRequests.createdAt, before),
      ),
    )
    .orderBy(asc(consultationRequests.createdAt))
    .limit(limit);
}

/** Records the day's digest; false if that day already has one (so it is never sent twice). */
export async function recordDigest(d1: D1Database, day: string, overdue: number, now: string) {
  const rows = await drizzle(d1)
    .insert(replyDigests)
    .values({ day, overdue, createdAt: now, nextAttemptAt: now })
    .onConflictDoNothing()
    .returning({ day: replyDigests.day });
  return rows.length === 1;
}

/** The digest rows whose e-mail is due (the day's own, or an earlier one still retrying). */
export async function dueDigests(d1: D1Database, now: string) {
  return drizzle(d1)
    .select()
    .from(replyDigests)
    .where(and(eq(replyDigests.mailStatus, "pending"), lte(replyDigests.nextAttemptAt, now)))
    .orderBy(asc(replyDigests.day))
    .limit(3);
}

export async function claimDigest(d1: D1Database, day: string, now: string, leaseUntil: string) {
  const [claimed] = await drizzle(d1)
    .update(replyDigests)
    .set({ nextAttemptAt: leaseUntil, mailAttempts: sql`${replyDigests.mailAttempts} + 1` })
    .where(
      and(
        eq(replyDigests.day, day),
        eq(replyDigests.mailStatus, "pending"),
        lte(replyDigests.nextAttemptAt, now),
      ),
    )
    .returning();
  return claimed;
}

export async function settleDigest(
  d1: D1Database,
  day: string,
  outcome: { status: "sent" | "failed" } | { status: "pending"; error: string; nextAttemptAt: string },
) {
  const set =
    outcome.status === "pending"
      ? { lastError: outcome.error, nextAttemptAt: outcome.nextAttemptAt }
      : { mailStatus: outcome.status };
  await drizzle(d1).update(replyDigests).set(set).where(eq(replyDigests.day, day));
}
