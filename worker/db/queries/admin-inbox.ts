import { and, count, desc, eq, gte, lt, or, type SQL, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { InboxCounts } from "../../../shared/admin";
import {
  type AnySubmissionKind,
  type SubmissionKindName,
  submissionKinds,
} from "../../../shared/submission-kinds";
import { auditLog, tableOf } from "../schema";
import type { CommonSubmissionTable } from "../submission-table";
import { notificationsFor } from "./outbox";
import type { SubmissionRow } from "./submissions";

type Db = DrizzleD1Database;

interface ListOptions {
  status?: string | undefined;
  q?: string | undefined;
  cursor?: Cursor | undefined;
  limit: number;
}

type Cursor = { createdAt: string; id: string };

/** Cursor for keyset pagination on (created_at DESC, id DESC): stable and O(page) at any depth. */
const encodeCursor = (row: Cursor) => btoa(JSON.stringify([row.createdAt, row.id]));

/** The position a cursor names; undefined for none, null for one that is not ours. */
export function decodeCursor(text: string | undefined): Cursor | null | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(atob(text));
    if (Array.isArray(value) && typeof value[0] === "string" && typeof value[1] === "string") {
      return { createdAt: value[0], id: value[1] };
    }
  } catch {}
  return null;
}

/**
 * SQLite's lower() folds only A-Z; the search text is folded the same way so both sides agree.
 * The text is found with instr() rather than LIKE: D1 refuses LIKE patterns over 50 bytes,
 * which a pasted e-mail address or a few accented letters exceed, and instr() has no pattern
 * to escape.
 */
const foldAscii = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

function filters(kind: AnySubmissionKind, table: CommonSubmissionTable, options: Omit<ListOptions, "limit">) {
  const parts: (SQL | undefined)[] = [];
  if (options.status) parts.push(eq(table.status, options.status));
  if (options.q) {
    const needle = foldAscii(options.q);
    const columns = table as unknown as Record<string, CommonSubmissionTable["name"]>;
    parts.push(
      or(...kind.searchColumns.map((column) => sql`instr(lower(${columns[column]}), ${needle}) > 0`)),
    );
  }
  if (options.cursor) {
    const { createdAt, id } = options.cursor;
    parts.push(or(lt(table.createdAt, createdAt), and(eq(table.createdAt, createdAt), lt(table.id, id))));
  }
  return and(...parts);
}

/** The artist's e-mail about a submission: its delivery state from the outbox. */
interface NotificationState {
  status: string;
  attempts: number;
  sentAt: string | null;
  lastAttemptAt: string | null;
}

/**
 * One page of a kind's rows, newest first, with the cursor of the next page. The CSV export
 * reads these alone: it has no use for delivery states, and a query fewer per page keeps a
 * large export within D1's queries per invocation.
 */
export async function submissionsPage<K extends AnySubmissionKind>(db: Db, kind: K, options: ListOptions) {
  const table = tableOf(kind.name);
  const rows = (await db
    .select()
    .from(table)
    .where(filters(kind, table, options))
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(options.limit + 1)
    .all()) as SubmissionRow<K["name"]>[];
  const items = rows.slice(0, options.limit);
  const last = items.at(-1);
  return { items, next: rows.length > options.limit && last ? last : null };
}

/** One page of a kind's inbox, newest first, each row with its notification's delivery state. */
export async function listSubmissions<K extends AnySubmissionKind>(db: Db, kind: K, options: ListOptions) {
  const { items, next } = await submissionsPage(db, kind, options);
  const states = await notificationsFor(
    db,
    kind.name,
    items.map((item) => item.id),
  );
  return {
    items: items.map((item) => {
      const state = states.get(item.id);
      const notification: NotificationState | null = state
        ? {
            status: state.status,
            attempts: state.attempts,
            sentAt: state.sentAt,
            lastAttemptAt: state.lastAttemptAt,
          }
        : null;
      return { ...item, notification };
    }),
    nextCursor: next ? encodeCursor(next) : null,
  };
}

/** Rows per status for every inbox, read in parallel. */
export async function inboxCounts(db: Db): Promise<InboxCounts> {
  const perKind = await Promise.all(
    submissionKinds.map(async (kind) => {
      const table = tableOf(kind.name);
      const rows = await db
        .select({ status: table.status, n: count() })
        .from(table)
        .groupBy(table.status)
        .all();
      const counts = Object.fromEntries(
        kind.statuses.map((status) => [status, rows.find((row) => row.status === status)?.n ?? 0]),
      );
      return [kind.collection, counts] as const;
    }),
  );
  return Object.fromEntries(perKind) as unknown as InboxCounts;
}

/** Submissions per UTC day since a date, for every kind, for the weekly chart. */
export async function submissionsPerDay(db: Db, sinceIso: string) {
  const perKind = await Promise.all(
    submissionKinds.map(async (kind) => {
      const table = tableOf(kind.name);
      const day = sql<string>`substr(${table.createdAt}, 1, 10)`;
      const rows = await db
        .select({ day, n: count() })
        .from(table)
        .where(gte(table.createdAt, sinceIso))
        .groupBy(day)
        .all();
      return { collection: kind.collection, rows };
    }),
  );
  return perKind;
}

interface Actor {
  id: string;
  email: string;
}

/**
 * Changes a submission's status and/or notes and records each change in the audit log, in one
 * batch (one transaction in D1). A kind that stamps responses records who answered and when
 * as it moves to its answered status. Returns the updated row, or undefined if there is none.
 */
export async function updateSubmission<K extends AnySubmissionKind>(
  db: Db,
  kind: K,
  id: string,
  change: { status?: string | undefined; adminNotes?: string | null | undefined },
  actor: Actor,
): Promise<SubmissionRow<K["name"]> | undefined> {
  const table = tableOf(kind.name);
  const before = await db.select().from(table).where(eq(table.id, id)).get();
  if (!before) return undefined;
  const now = new Date().toISOString();
  const set: Record<string, unknown> = { updatedAt: now };
  if (change.status !== undefined) set.status = change.status;
  if (kind.stampsResponse && change.status === kind.answeredStatus && before.status !== kind.answeredStatus) {
    set.respondedAt = now;
    set.respondedBy = actor.id;
  }
  if (change.adminNotes !== undefined) set.adminNotes = change.adminNotes;
  const audits = auditRows(kind.name, id, before, change, actor, now);
  const [updated] = await db.batch([
    db.update(table).set(set).where(eq(table.id, id)).returning(),
    ...audits.map((row) => db.insert(auditLog).values(row)),
  ]);
  return updated[0] as SubmissionRow<K["name"]> | undefined;
}

function auditRows(
  entity: SubmissionKindName,
  entityId: string,
  before: { status: string; adminNotes: string | null },
  change: { status?: string | undefined; adminNotes?: string | null | undefined },
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
