import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { type DrizzleD1Database, drizzle } from "drizzle-orm/d1";
import { consultationKind } from "../../../shared/submission-kinds";
import { boundChunks } from "../../platform/db/d1-limits";
import { firstRow } from "../../platform/db/first-row";
import { requestAuditEntry } from "../../platform/db/request-audit";
import { auditLog, consultationRequests, replyDigests, requestStatusLinks } from "../../platform/db/schema";
import { queueMail } from "../../platform/mail-queue";
import { findSubmission } from "../requests/queries";

type NewLink = typeof requestStatusLinks.$inferInsert;

/** The mail queue's kind of a link's e-mail, queued under the link's own id. */
export const linkMailKind = "status-link";

/** The statement that queues a new link's e-mail to the client, for the batch that stores it. */
function queueLinkMail(d1: D1Database, link: NewLink) {
  return queueMail(d1, {
    id: link.id,
    kind: linkMailKind,
    subjectId: link.id,
    requestId: link.submissionId,
    now: link.createdAt ?? new Date().toISOString(),
  });
}

/**
 * The statements that store a new link and queue its e-mail, for the batch that saves its
 * request.
 */
export function insertStatusLink(d1: D1Database, link: NewLink) {
  return [drizzle(d1).insert(requestStatusLinks).values(link), queueLinkMail(d1, link)] as const;
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

/** A request's links that still open its page. */
const liveLinksOf = (submissionId: string) =>
  and(eq(requestStatusLinks.submissionId, submissionId), isNull(requestStatusLinks.revokedAt));

/** Ends a request's live links: a revoked link's e-mail is not sent any more, and its encrypted token goes with it. */
const revokeLiveLinks = (db: DrizzleD1Database, submissionId: string, now: string) =>
  db.update(requestStatusLinks).set({ revokedAt: now, threadToken: null }).where(liveLinksOf(submissionId));

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
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)` })
    .from(requestStatusLinks)
    .where(liveLinksOf(submissionId));
  if (!count) return 0;
  await db.batch([
    revokeLiveLinks(db, submissionId, now),
    db.insert(auditLog).values(
      requestAuditEntry(actor, submissionId, {
        action: "status_link",
        fromValue: "active",
        toValue: "revoked",
        at: now,
      }),
    ),
  ]);
  return count;
}

/**
 * Replaces a request's links with a new one, in one batch: every live link is revoked (its
 * e-mail is not sent any more), the new link is stored with its e-mail queued, and the audit log
 * says who sent it. For a client who lost the link, or after one was revoked.
 */
export async function replaceLinksOf(
  d1: D1Database,
  link: NewLink,
  actor: { id: string; email: string },
  now: string,
): Promise<void> {
  const db = drizzle(d1);
  await db.batch([
    revokeLiveLinks(db, link.submissionId, now),
    db.insert(requestStatusLinks).values(link),
    queueLinkMail(d1, link),
    db.insert(auditLog).values(
      requestAuditEntry(actor, link.submissionId, {
        action: "status_link",
        toValue: "new link sent",
        at: now,
      }),
    ),
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

/** A link whose e-mail is being sent, with its request (if still there). */
export async function linkMailSubject(d1: D1Database, id: string) {
  const link = await firstRow(d1, requestStatusLinks, eq(requestStatusLinks.id, id));
  if (!link) return undefined;
  const request = await findSubmission(d1, "consultation", link.submissionId);
  return { link, request };
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
        // Still "received" as the lifecycle reads it (stateOf): no quote, deposit or session yet.
        // A quote sent without marking the request contacted is an answer too.
        sql`NOT EXISTS (SELECT 1 FROM quotes q WHERE q.submission_id = ${consultationRequests.id} AND q.status <> 'withdrawn')`,
        sql`NOT EXISTS (SELECT 1 FROM bookings b WHERE b.submission_id = ${consultationRequests.id})`,
        sql`NOT EXISTS (SELECT 1 FROM deposits d WHERE d.submission_id = ${consultationRequests.id} AND d.paid_at IS NOT NULL)`,
      ),
    )
    .orderBy(asc(consultationRequests.createdAt))
    .limit(limit);
}

/** The mail queue's kind of the daily digest, the day its subject. */
export const replyDigestMailKind = "reply-digest";

/**
 * Records the day's digest and queues its e-mail in one batch; false if that day already has one
 * (so it is never sent twice: the day's e-mail was queued with it).
 */
export async function recordDigest(d1: D1Database, day: string, overdue: number, now: string) {
  const db = drizzle(d1);
  const [rows] = await db.batch([
    db
      .insert(replyDigests)
      .values({ day, overdue, createdAt: now })
      .onConflictDoNothing()
      .returning({ day: replyDigests.day }),
    queueMail(d1, { kind: replyDigestMailKind, subjectId: day, now }),
  ]);
  return rows.length === 1;
}
