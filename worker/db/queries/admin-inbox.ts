import { and, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { InboxCounts } from "../../../shared/admin";
import { consultationStatuses, contactStatuses } from "../../../shared/statuses";
import { auditLog, consultationRequests, contactSubmissions, notificationOutbox } from "../schema";

type Db = DrizzleD1Database;
const tables = { consultations: consultationRequests, contacts: contactSubmissions } as const;
type Kind = keyof typeof tables;

export interface ListOptions {
  status?: string | undefined;
  q?: string | undefined;
  cursor?: { createdAt: string; id: string } | null | undefined;
  limit: number;
}

/** Cursor for keyset pagination on (created_at DESC, id DESC): stable and O(page) at any depth. */
export const encodeCursor = (row: { createdAt: string; id: string }) =>
  btoa(JSON.stringify([row.createdAt, row.id]));
export function decodeCursor(text: string | undefined): { createdAt: string; id: string } | null | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(atob(text));
    if (Array.isArray(value) && typeof value[0] === "string" && typeof value[1] === "string") {
      return { createdAt: value[0], id: value[1] };
    }
  } catch {}
  return null;
}

const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filters(kind: Kind, options: Omit<ListOptions, "limit">): SQL | undefined {
  const table = tables[kind];
  const parts: (SQL | undefined)[] = [];
  if (options.status) parts.push(eq(table.status, options.status as never));
  if (options.q) {
    const pattern = likePattern(options.q);
    parts.push(
      or(
        sql`lower(${table.name}) LIKE ${pattern} ESCAPE '\\'`,
        sql`lower(${table.email}) LIKE ${pattern} ESCAPE '\\'`,
      ),
    );
  }
  if (options.cursor) {
    const { createdAt, id } = options.cursor;
    parts.push(or(lt(table.createdAt, createdAt), and(eq(table.createdAt, createdAt), lt(table.id, id))));
  }
  return and(...parts);
}

export async function listConsultations(db: Db, options: ListOptions) {
  const t = consultationRequests;
  const rows = await db
    .select()
    .from(t)
    .where(filters("consultations", options))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(options.limit + 1)
    .all();
  return withNotifications(db, "consultation", page(rows, options.limit));
}

export async function listContacts(db: Db, options: ListOptions) {
  const t = contactSubmissions;
  const rows = await db
    .select()
    .from(t)
    .where(filters("contacts", options))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(options.limit + 1)
    .all();
  return withNotifications(db, "contact", page(rows, options.limit));
}

/** The artist's e-mail about a submission: its delivery state from the outbox (DECISIONS.md). */
export interface NotificationState {
  status: string;
  attempts: number;
  sentAt: string | null;
  lastAttemptAt: string | null;
}

/** Adds each row's notification delivery state, read for the whole page in one query. */
async function withNotifications<T extends { id: string }>(
  db: Db,
  kind: "contact" | "consultation",
  result: { items: T[]; nextCursor: string | null },
) {
  const ids = result.items.map((item) => item.id);
  const states = ids.length
    ? await db
        .select({
          submissionId: notificationOutbox.submissionId,
          status: notificationOutbox.status,
          attempts: notificationOutbox.attempts,
          sentAt: notificationOutbox.sentAt,
          lastAttemptAt: notificationOutbox.lastAttemptAt,
        })
        .from(notificationOutbox)
        .where(
          and(eq(notificationOutbox.submissionKind, kind), inArray(notificationOutbox.submissionId, ids)),
        )
        .all()
    : [];
  const byId = new Map(states.map(({ submissionId, ...state }) => [submissionId, state]));
  return {
    ...result,
    items: result.items.map((item) => ({
      ...item,
      notification: (byId.get(item.id) ?? null) as NotificationState | null,
    })),
  };
}

function page<T extends { createdAt: string; id: string }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/** Rows per status for both inboxes, read in parallel (shell-and-admin.md 2.12). */
export async function inboxCounts(db: Db): Promise<InboxCounts> {
  const [consultations, contacts] = await Promise.all([
    db
      .select({ status: consultationRequests.status, n: count() })
      .from(consultationRequests)
      .groupBy(consultationRequests.status)
      .all(),
    db
      .select({ status: contactSubmissions.status, n: count() })
      .from(contactSubmissions)
      .groupBy(contactSubmissions.status)
      .all(),
  ]);
  const fill = <S extends string>(statuses: readonly S[], rows: { status: S; n: number }[]) =>
    Object.fromEntries(statuses.map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0])) as Record<
      S,
      number
    >;
  return {
    consultations: fill(consultationStatuses, consultations),
    contacts: fill(contactStatuses, contacts),
  };
}

/** Submissions per UTC day since a date, both tables, for the weekly chart. */
export async function submissionsPerDay(db: Db, sinceIso: string) {
  const perDay = (t: typeof consultationRequests | typeof contactSubmissions) =>
    db
      .select({ day: sql<string>`substr(${t.createdAt}, 1, 10)`, n: count() })
      .from(t)
      .where(gte(t.createdAt, sinceIso))
      .groupBy(sql`substr(${t.createdAt}, 1, 10)`)
      .all();
  const [consultations, contacts] = await Promise.all([
    perDay(consultationRequests),
    perDay(contactSubmissions),
  ]);
  return { consultations, contacts };
}

interface Actor {
  id: string;
  email: string;
}

/**
 * Changes a consultation request's status and/or notes and records each change in the audit
 * log, in one batch (one transaction in D1). Returns the updated row, or undefined if none.
 */
export async function updateConsultation(
  db: Db,
  id: string,
  change: { status?: (typeof consultationStatuses)[number]; adminNotes?: string | null },
  actor: Actor,
) {
  const t = consultationRequests;
  const before = await db.select().from(t).where(eq(t.id, id)).get();
  if (!before) return undefined;
  const now = new Date().toISOString();
  const set: Partial<typeof t.$inferInsert> = { updatedAt: now };
  if (change.status !== undefined) set.status = change.status;
  if (change.adminNotes !== undefined) set.adminNotes = change.adminNotes;
  const audits = auditRows("consultation", id, before, change, actor, now);
  const [updated] = await db.batch([
    db.update(t).set(set).where(eq(t.id, id)).returning(),
    ...audits.map((row) => db.insert(auditLog).values(row)),
  ]);
  return updated[0];
}

/** As above for a contact message; choosing "responded" records responded_at and responded_by. */
export async function updateContact(
  db: Db,
  id: string,
  change: { status?: (typeof contactStatuses)[number]; adminNotes?: string | null },
  actor: Actor,
) {
  const t = contactSubmissions;
  const before = await db.select().from(t).where(eq(t.id, id)).get();
  if (!before) return undefined;
  const now = new Date().toISOString();
  const set: Partial<typeof t.$inferInsert> = { updatedAt: now };
  if (change.status !== undefined) set.status = change.status;
  if (change.status === "responded" && before.status !== "responded") {
    set.respondedAt = now;
    set.respondedBy = actor.id;
  }
  if (change.adminNotes !== undefined) set.adminNotes = change.adminNotes;
  const audits = auditRows("contact", id, before, change, actor, now);
  const [updated] = await db.batch([
    db.update(t).set(set).where(eq(t.id, id)).returning(),
    ...audits.map((row) => db.insert(auditLog).values(row)),
  ]);
  return updated[0];
}

function auditRows(
  entity: "consultation" | "contact",
  entityId: string,
  before: { status: string; adminNotes: string | null },
  change: { status?: string; adminNotes?: string | null },
  actor: Actor,
  now: string,
): (typeof auditLog.$inferInsert)[] {
  const rows: (typeof auditLog.$inferInsert)[] = [];
  const base = { adminId: actor.id, adminEmail: actor.email, entity, entityId, createdAt: now };
  if (change.status !== undefined && change.status !== before.status) {
    rows.push({ ...base, action: "status", fromValue: before.status, toValue: change.status });
  }
  if (change.adminNotes !== undefined && (change.adminNotes ?? "") !== (before.adminNotes ?? "")) {
    rows.push({ ...base, action: "notes", fromValue: before.adminNotes, toValue: change.adminNotes });
  }
  return rows;
}

export async function listAudit(db: Db, options: { before?: number | undefined; limit: number }) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(options.before ? lt(auditLog.id, options.before) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(options.limit + 1)
    .all();
  const items = rows.slice(0, options.limit);
  return { items, nextBefore: rows.length > options.limit ? (items.at(-1)?.id ?? null) : null };
}
