import { and, count, desc, eq, getTableColumns, gte, lt, type SQL, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { InboxCounts } from "../../../shared/admin";
import {
  type AnySubmissionKind,
  type SubmissionKindName,
  submissionKinds,
} from "../../../shared/submission-kinds";
import { auditLog, tableOf } from "../../platform/db/schema";
import { referenceImagesOf } from "../reference-images/queries";
import type { SubmissionRow } from "../requests/queries";
import type { CommonSubmissionTable } from "../requests/tables";
import { type Cursor, encodeCursor, type SearchCursor } from "./cursor";
import { type Highlight, highlightsFor } from "./page-highlights";
import { notificationJson, searchCounts, searchOrder, searchPage, searchSize } from "./search-queries";

type Db = DrizzleD1Database;

interface ListOptions {
  status?: string | undefined;
  /** The search as an FTS5 query (see ftsQuery): absent for the plain list, "" to find nothing. */
  match?: string | null | undefined;
  cursor?: Cursor | undefined;
  /** A first search page's order, when the caller already knows it (see searchOrder). */
  order?: SearchCursor["order"] | undefined;
  limit: number;
  /** Only the item with this id. */
  id?: string | undefined;
}

function listFilters(table: CommonSubmissionTable, options: Omit<ListOptions, "limit">) {
  const parts: (SQL | undefined)[] = [];
  if (options.status) parts.push(eq(table.status, options.status));
  if (options.id) parts.push(eq(table.id, options.id));
  if (options.cursor?.kind === "list") {
    const { createdAt, id } = options.cursor;
    // A row-value comparison, which SQLite reads as a range of the (created_at, id) index: the
    // same condition spelled with OR scans the index from the top (45,000 entries for a page
    // 45,000 rows down).
    parts.push(sql`(${table.createdAt}, ${table.id}) < (${createdAt}, ${id})`);
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
 * One page of a kind's rows with the cursor of the next page: newest first, or best match
 * first when searching, with the delivery state of each row's e-mail (JSON, or null) read in the
 * same statement. The CSV export reads these alone, one query a page.
 */
export async function submissionsPage<K extends AnySubmissionKind>(db: Db, kind: K, options: ListOptions) {
  type Row = SubmissionRow<K["name"]>;
  if (typeof options.match === "string") {
    const cursor = options.cursor?.kind === "search" ? options.cursor : undefined;
    let order = cursor?.order ?? options.order;
    if (!order && options.match !== "") {
      const size = await searchSize(db, kind, options.match);
      order = searchOrder(size.matches, size.rows);
    }
    const page = await searchPage(db, kind, {
      ...options,
      match: options.match,
      cursor,
      order: order ?? "rank",
    });
    return {
      items: page.items.map((hit) => hit.row as Row),
      notifications: page.items.map((hit) => hit.notification),
      next: page.next as Cursor | null,
    };
  }
  const table = tableOf(kind.name);
  const rows = await db
    .select({ row: getTableColumns(table), notification: notificationJson(kind, sql`${table.id}`) })
    .from(table)
    .where(listFilters(table, options))
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(options.limit + 1)
    .all();
  const page = rows.slice(0, options.limit);
  const items = page.map((hit) => hit.row as Row);
  const last = items.at(-1);
  const next: Cursor | null =
    rows.length > options.limit && last ? { kind: "list", createdAt: last.createdAt, id: last.id } : null;
  return { items, notifications: page.map((hit) => hit.notification as string | null), next };
}

/**
 * One page of a kind's inbox, each row with its notification's delivery state and, when
 * searching, the stretches of text the search matched; with the rows per status that the
 * search matches (all of them without one) and every inbox's size, for the tabs.
 */
export async function listSubmissions<K extends AnySubmissionKind>(db: Db, kind: K, options: ListOptions) {
  // A search's first page is ordered by how much of the inbox it matches, which the counts
  // tell: they are read first. Every other page is read beside them.
  const firstSearchPage = typeof options.match === "string" && !options.cursor;
  const [counts, totals, read] = await Promise.all([
    statusCounts(db, kind, options.match),
    inboxTotals(db),
    firstSearchPage ? null : submissionsPage(db, kind, options),
  ]);
  const page =
    read ??
    (await submissionsPage(db, kind, {
      ...options,
      order: searchOrder(counts.all, totals[kind.collection]),
    }));

  // A consultation request's reference images, as the card's thumbnails (one query per page).
  const images =
    kind.name === "consultation"
      ? await referenceImagesOf(
          db,
          page.items.map((item) => item.id),
        )
      : new Map<string, never[]>();
  const highlights: Highlight[][] | undefined =
    typeof options.match === "string" ? highlightsFor(kind, options.match, page.items) : undefined;
  return {
    items: page.items.map((item, i) => {
      const json = page.notifications[i];
      const notification = json ? (JSON.parse(json) as NotificationState) : null;
      return {
        ...item,
        notification,
        referenceImages: images.get(item.id) ?? [],
        ...(highlights ? { highlights: highlights[i] ?? [] } : {}),
      };
    }),
    nextCursor: page.next ? encodeCursor(page.next) : null,
    counts,
    totals,
  };
}

/**
 * Rows per status of one kind, all of them or those a search matches, and their sum as `all`.
 * The unsearched figures are kept by triggers (migrations/0009_inbox_status_counts.sql).
 */
async function statusCounts<K extends AnySubmissionKind>(db: Db, kind: K, match: string | null | undefined) {
  const rows =
    typeof match === "string"
      ? await searchCounts(db, kind, match)
      : await db.all<{ status: string; n: number }>(
          sql`SELECT status, n FROM submission_status_counts WHERE table_name = ${kind.table}`,
        );
  const counts = Object.fromEntries(
    kind.statuses.map((status) => [status, rows.find((row) => row.status === status)?.n ?? 0]),
  ) as Record<K["statuses"][number], number>;
  return { ...counts, all: rows.reduce((sum, row) => sum + row.n, 0) };
}

/** How many rows every inbox holds, for the tabs' figures, from the counts the triggers keep. */
async function inboxTotals(db: Db) {
  const rows = await db.all<{ table_name: string; n: number }>(
    sql`SELECT table_name, sum(n) AS n FROM submission_status_counts GROUP BY table_name`,
  );
  return Object.fromEntries(
    submissionKinds.map((kind) => [
      kind.collection,
      rows.find((row) => row.table_name === kind.table)?.n ?? 0,
    ]),
  ) as Record<Collection, number>;
}

type Collection = AnySubmissionKind["collection"];

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
