import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { boundChunks } from "../../platform/db/d1-limits";
import { firstRow } from "../../platform/db/first-row";
import { countAccepted, isQuotaExhausted, type QuotaWindow } from "../../platform/db/rate-limit-queries";
import { requestAuditEntry } from "../../platform/db/request-audit";
import {
  auditLog,
  type MessageAuthor,
  mailQueue,
  replyTemplates,
  requestMessages,
  requestStatusLinks,
} from "../../platform/db/schema";
import { queueMail } from "../../platform/mail-queue";
import { attachToMessage } from "../reference-images/queries";
import { findSubmission } from "../requests/queries";

type NewMessage = typeof requestMessages.$inferInsert;

/** A request's whole conversation, oldest first. */
export function threadOf(d1: D1Database, submissionId: string) {
  return drizzle(d1)
    .select({
      id: requestMessages.id,
      author: requestMessages.author,
      body: requestMessages.body,
      createdAt: requestMessages.createdAt,
      readAt: requestMessages.readAt,
      // The thread's three words for where the message's e-mail stands.
      mailStatus: sql<"pending" | "sent" | "failed">`CASE ${mailQueue.status}
        WHEN 'sent' THEN 'sent' WHEN 'failed' THEN 'failed' WHEN 'stopped' THEN 'failed' ELSE 'pending' END`,
    })
    .from(requestMessages)
    .leftJoin(mailQueue, and(eq(mailQueue.id, requestMessages.id), eq(mailQueue.kind, messageMailKind)))
    .where(eq(requestMessages.submissionId, submissionId))
    .orderBy(asc(requestMessages.createdAt), asc(requestMessages.id));
}

/** The mail queue's kind of a message's e-mail, queued under the message's own id. */
export const messageMailKind = "message";

/**
 * Saves a message and queues its e-mail to the other side; an artist's is recorded in the audit
 * log in the same batch (who sent what to whom), a client's is not an admin action.
 */
export async function insertMessage(
  d1: D1Database,
  message: NewMessage,
  actor: { id: string; email: string } | null,
  imageId: string | null = null,
): Promise<void> {
  const db = drizzle(d1);
  const createdAt = message.createdAt ?? new Date().toISOString();
  const insert = db.insert(requestMessages).values(message);
  const mail = queueMail(d1, {
    id: message.id,
    kind: messageMailKind,
    subjectId: message.id,
    requestId: message.submissionId,
    now: createdAt,
  });
  const attach = imageId ? [attachToMessage(d1, imageId, message.submissionId, message.id, createdAt)] : [];
  if (!actor) {
    await db.batch([insert, mail, ...attach]);
    return;
  }
  await db.batch([
    insert,
    mail,
    ...attach,
    db.insert(auditLog).values(
      requestAuditEntry(actor, message.submissionId, {
        action: "message",
        fromValue: null,
        toValue: "sent",
        at: message.createdAt,
      }),
    ),
  ]);
}

/** Marks what `author` wrote on a request as read by the other side; returns how many were unread. */
export async function markRead(d1: D1Database, submissionId: string, author: MessageAuthor, now: string) {
  const rows = await drizzle(d1)
    .update(requestMessages)
    .set({ readAt: now })
    .where(
      and(
        eq(requestMessages.submissionId, submissionId),
        eq(requestMessages.author, author),
        isNull(requestMessages.readAt),
      ),
    )
    .returning({ id: requestMessages.id });
  return rows.length;
}

/** The clients' answers the artist has not opened, per request. */
export async function unreadAnswers(d1: D1Database, submissionIds: readonly string[]) {
  const counts = new Map<string, number>();
  const db = drizzle(d1);
  // Each id binds one parameter; the author binds one more in every statement.
  for (const chunk of boundChunks(submissionIds, 1, 1)) {
    const rows = await db
      .select({ submissionId: requestMessages.submissionId, count: sql<number>`count(*)` })
      .from(requestMessages)
      .where(
        and(
          inArray(requestMessages.submissionId, chunk),
          eq(requestMessages.author, "client"),
          isNull(requestMessages.readAt),
        ),
      )
      .groupBy(requestMessages.submissionId);
    for (const row of rows) counts.set(row.submissionId, row.count);
  }
  return counts;
}

/** How many requests have an answer the artist has not opened. */
export async function unreadThreadCount(d1: D1Database): Promise<number> {
  const [row] = await drizzle(d1)
    .select({ count: sql<number>`count(DISTINCT ${requestMessages.submissionId})` })
    .from(requestMessages)
    .where(and(eq(requestMessages.author, "client"), isNull(requestMessages.readAt)));
  return row?.count ?? 0;
}

/** A message whose e-mail is being sent, with its request (if still there). */
export async function messageMailSubject(d1: D1Database, id: string) {
  const message = await firstRow(d1, requestMessages, eq(requestMessages.id, id));
  if (!message) return undefined;
  const request = await findSubmission(d1, "consultation", message.submissionId);
  return { message, request };
}

/**
 * The request's live link, sealed (request_status_links.thread_token), for an e-mail to the
 * client that carries it; null when the link was revoked or never sealed.
 */
export async function sealedThreadToken(d1: D1Database, submissionId: string): Promise<string | null> {
  const [link] = await drizzle(d1)
    .select({ threadToken: requestStatusLinks.threadToken })
    .from(requestStatusLinks)
    .where(and(eq(requestStatusLinks.submissionId, submissionId), isNull(requestStatusLinks.revokedAt)))
    .orderBy(sql`${requestStatusLinks.createdAt} DESC`)
    .limit(1);
  return link?.threadToken ?? null;
}

export function listTemplates(d1: D1Database) {
  return drizzle(d1)
    .select()
    .from(replyTemplates)
    .orderBy(asc(replyTemplates.position), asc(replyTemplates.id));
}

export async function insertTemplates(d1: D1Database, rows: (typeof replyTemplates.$inferInsert)[]) {
  if (rows.length) await drizzle(d1).insert(replyTemplates).values(rows).onConflictDoNothing();
}

export async function updateTemplate(
  d1: D1Database,
  id: string,
  values: { title: string; body: string; updatedAt: string },
) {
  const [row] = await drizzle(d1)
    .update(replyTemplates)
    .set(values)
    .where(eq(replyTemplates.id, id))
    .returning();
  return row;
}

export async function deleteTemplate(d1: D1Database, id: string) {
  const rows = await drizzle(d1)
    .delete(replyTemplates)
    .where(eq(replyTemplates.id, id))
    .returning({ id: replyTemplates.id });
  return rows.length === 1;
}

/** Counts a text-only answer in the sender's window (a race past a full window is let through). */
export async function countAnswer(d1: D1Database, quota: QuotaWindow) {
  try {
    await drizzle(d1).batch([countAccepted(d1, quota)]);
  } catch (error) {
    if (!isQuotaExhausted(error)) throw error;
  }
}
