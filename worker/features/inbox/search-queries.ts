import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { AnySubmissionKind } from "../../../shared/submission-kinds";
import { tableOf } from "../../platform/db/schema";
import type { SearchCursor } from "./cursor";

type Db = DrizzleD1Database;

/**
 * Search of the inbox through each kind's FTS5 index (migrations/0007_inbox_search.sql): the
 * index holds the kind's searchColumns and the phone's bare digits, and is kept in step with
 * the table by triggers. Results are ranked with bm25, a name or an e-mail address counting
 * far more than a word somewhere in a long message.
 */
const columnWeights: Record<string, number> = {
  name: 10,
  email: 8,
  phone: 6,
  phoneDigits: 6,
  placement: 3,
  size: 3,
  serviceInterest: 3,
  adminNotes: 2,
};

/** Enough words for any name, address or remembered phrase, and a bound on the query's cost. */
const maxWords = 12;

/**
 * The artist's words as an FTS5 query that can never be a syntax error: each word becomes a
 * quoted phrase of its letters and digits (so `"`, `*`, `-`, `OR`, `NEAR(` and the like are
 * plain text, never operators), the phrases must all match, and the last one matches as a
 * prefix, as the artist may still be typing. "dana@example" becomes "dana example"*, which
 * finds the address as FTS5 splits it. Null for no search at all.
 */
export function ftsQuery(text: string | undefined): string | null {
  if (!text) return null;
  // Text with nothing to search for (only punctuation, say) finds nothing, as it would in
  // any search box; the empty query stands for that.
  const phrases = text
    .normalize("NFKC")
    .split(/\s+/)
    .map((word) => word.match(/[\p{L}\p{N}\p{M}]+/gu)?.join(" "))
    .filter((phrase): phrase is string => Boolean(phrase))
    .slice(0, maxWords)
    .map((phrase) => `"${phrase}"`);
  if (phrases.length === 0) return "";
  return `${phrases.join(" ")}*`;
}

/** The index's columns in its order: the descriptor's, then the phone's digits. */
export const indexColumns = (kind: AnySubmissionKind) => [...kind.searchColumns, "phoneDigits"];

const ftsTable = (kind: AnySubmissionKind) => sql.raw(`"${kind.table}_search"`);
const rowTable = (kind: AnySubmissionKind) => sql.raw(`"${kind.table}"`);
/** Each row's status by rowid, kept by triggers: small rows, quick to join to every match. */
const statusTable = (kind: AnySubmissionKind) => sql.raw(`"${kind.table}_status"`);

/** bm25 with the weights of the kind's columns, as a SQL expression over its index. */
function score(kind: AnySubmissionKind): SQL {
  const weights = indexColumns(kind).map((column) => columnWeights[column] ?? 1);
  return sql.raw(`bm25("${kind.table}_search", ${weights.map((w) => w.toFixed(1)).join(", ")})`);
}

/** Rows of a search page with their rowid (doc) and score; columns still in SQL names. */
type RawHit = Record<string, unknown> & {
  doc: number;
  score: number;
  snapshot: number;
  notification_json: string | null;
};

/**
 * The delivery state of the artist's e-mail about row `t`, as JSON, read in the page's own
 * statement (one round trip fewer than asking the outbox for the page's ids afterwards).
 */
export const notificationJson = (kind: AnySubmissionKind, id: SQL) => sql`(
  SELECT json_object('status', o.status, 'attempts', o.attempts, 'sentAt', o.sent_at, 'lastAttemptAt', o.last_attempt_at)
  FROM mail_queue AS o WHERE o.kind = 'notification' AND o.topic = ${kind.name} AND o.subject_id = ${id})`;

/**
 * Below this many matches a search is always ranked. Above it, and above half the inbox, its
 * words are in most requests: bm25 then gives them no weight (a word in more than half the
 * rows scores as good as nothing) and the "ranking" is noise, while scoring every match costs
 * more than the rest of the answer. Such a search is shown newest first, as the plain list is.
 */
const rankedUpTo = 5000;

/** How a search with `matches` matches, in an inbox of `rows` rows, is ordered. */
export function searchOrder(matches: number, rows: number): SearchCursor["order"] {
  return matches > Math.max(rankedUpTo, rows / 2) ? "newest" : "rank";
}

/** How many rows a search matches and how many the inbox holds, for searchOrder. */
export async function searchSize(db: Db, kind: AnySubmissionKind, match: string) {
  const fts = ftsTable(kind);
  const [size] = await db.all<{ matches: number; rows: number }>(sql`
    SELECT (SELECT count(*) FROM ${fts} WHERE ${fts} MATCH ${match}) AS matches,
      (SELECT count(*) FROM ${rowTable(kind)}) AS rows`);
  return size ?? { matches: 0, rows: 0 };
}

interface SearchOptions {
  match: string;
  /** The order of a first page (searchOrder); a later page keeps its cursor's. */
  order: SearchCursor["order"];
  status?: string | undefined;
  cursor?: SearchCursor | undefined;
  limit: number;
}

// Rowids are bound as CAST(? AS INTEGER): D1 hands a JavaScript number over as a REAL, and
// FTS5 ignores a rowid constraint of that type, silently matching every row.
const rowid = (value: number) => sql`CAST(${value} AS INTEGER)`;

/**
 * One page of a search and the cursor of the next: best match first (equal matches newest
 * first), or newest first for a search that matches most of the inbox (searchOrder).
 */
export async function searchPage<K extends AnySubmissionKind>(db: Db, kind: K, options: SearchOptions) {
  if (options.match === "") return { items: [], next: null };
  const order = options.cursor?.order ?? options.order;
  const hits = order === "rank" ? await rankedHits(db, kind, options) : await newestHits(db, kind, options);
  const page = hits.slice(0, options.limit);
  const last = page.at(-1);
  let next: SearchCursor | null = null;
  if (hits.length > options.limit && last) {
    next =
      order === "rank"
        ? { kind: "search", order, score: last.score, doc: last.doc, snapshot: last.snapshot }
        : { kind: "search", order, doc: last.doc, snapshot: last.snapshot };
  }
  return {
    items: page.map((hit) => ({ row: fromSqlNames(kind, hit), notification: hit.notification_json })),
    next,
  };
}

/**
 * A ranked page. The rows are read in the same statement as their ranks. A cursor's boundary
 * is the score its last row has NOW: when rows arrive, every score of a query shifts (bm25
 * weighs a word by how rare it is), and a score remembered from the previous page would cut
 * the list in the wrong place.
 */
function rankedHits(db: Db, kind: AnySubmissionKind, options: SearchOptions) {
  const fts = ftsTable(kind);
  const rows = rowTable(kind);
  const cursor = options.cursor?.order === "rank" ? options.cursor : undefined;
  const snapshot = cursor ? rowid(cursor.snapshot) : sql`(SELECT max(rowid) FROM ${rows})`;
  const after = cursor
    ? sql`AND (hits.score > pivot.score OR (hits.score = pivot.score AND hits.doc < ${rowid(cursor.doc)}))`
    : sql``;
  const pivot = cursor
    ? sql`, (SELECT coalesce((SELECT ${score(kind)} FROM ${fts} WHERE ${fts} MATCH ${options.match} AND rowid = ${rowid(cursor.doc)}), ${cursor.score}) AS score) AS pivot`
    : sql``;
  // The page is ranked and cut first, reading only a row's status when filtering by one; the
  // rows themselves are read for the page alone, not for every match.
  const status = options.status
    ? sql`AND (SELECT status FROM ${statusTable(kind)} WHERE doc = hits.doc) = ${options.status}`
    : sql``;
  return db.all<RawHit>(sql`
    WITH hits AS (
      SELECT rowid AS doc, ${score(kind)} AS score FROM ${fts}
      WHERE ${fts} MATCH ${options.match} AND rowid <= ${snapshot}
    ),
    page AS MATERIALIZED (
      SELECT hits.doc, hits.score FROM hits ${pivot}
      WHERE 1 ${status} ${after}
      ORDER BY hits.score, hits.doc DESC
      LIMIT ${options.limit + 1}
    )
    SELECT t.*, page.doc AS doc, page.score AS score, ${snapshot} AS snapshot,
      ${notificationJson(kind, sql`t.id`)} AS notification_json
    FROM page JOIN ${rows} AS t ON t.rowid = page.doc
    ORDER BY page.score, page.doc DESC`);
}

/**
 * A newest-first page: the index hands its matches out by rowid, newest first, and stops at
 * the page's end. The CROSS JOIN keeps the index as the outer loop: with a status filter,
 * SQLite would otherwise walk that status's rows and run the search once per row.
 */
function newestHits(db: Db, kind: AnySubmissionKind, options: SearchOptions) {
  const fts = ftsTable(kind);
  const rows = rowTable(kind);
  const cursor = options.cursor?.order === "newest" ? options.cursor : undefined;
  const snapshot = cursor ? rowid(cursor.snapshot) : sql`(SELECT max(rowid) FROM ${rows})`;
  const after = cursor ? sql`AND ${fts}.rowid < ${rowid(cursor.doc)}` : sql``;
  const status = options.status ? sql`AND t.status = ${options.status}` : sql``;
  return db.all<RawHit>(sql`
    SELECT t.*, ${fts}.rowid AS doc, 0 AS score, ${snapshot} AS snapshot,
      ${notificationJson(kind, sql`t.id`)} AS notification_json
    FROM ${fts} CROSS JOIN ${rows} AS t ON t.rowid = ${fts}.rowid
    WHERE ${fts} MATCH ${options.match} AND ${fts}.rowid <= ${snapshot} ${after} ${status}
    ORDER BY ${fts}.rowid DESC
    LIMIT ${options.limit + 1}`);
}

/** A raw row keyed by the table's SQL column names, keyed as drizzle would key it. */
function fromSqlNames(kind: AnySubmissionKind, raw: Record<string, unknown>) {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(tableOf(kind.name)))) {
    const value = raw[column.name];
    row[key] =
      (column.columnType as string) === "SQLiteBoolean" ? (value === null ? null : Boolean(value)) : value;
  }
  return row;
}

/** Bits of each status's field in the weights `<table>_status` holds (0009_inbox_status_counts.sql). */
const fieldBits = 21;

/**
 * How many rows of each status a search matches, whatever status the list is filtered to: one
 * pass over the matches adding up each row's status weights, every status's count in a field
 * of the two sums, taken apart in SQL (the sums pass 2^53, past what a JavaScript number holds
 * exactly). The CROSS JOIN keeps the index as the outer loop.
 */
export async function searchCounts(db: Db, kind: AnySubmissionKind, match: string) {
  if (match === "") return [];
  const fts = ftsTable(kind);
  const mask = 2 ** fieldBits - 1;
  const fields = kind.statuses.map((_, k) =>
    sql.raw(`(${k < 3 ? "a" : "b"} >> ${fieldBits * (k % 3)}) & ${mask} AS s${k}`),
  );
  const [row] = await db.all<Record<string, number>>(sql`
    WITH sums AS (
      SELECT coalesce(sum(s.w1), 0) AS a, coalesce(sum(s.w2), 0) AS b
      FROM ${fts} CROSS JOIN ${statusTable(kind)} AS s ON s.doc = ${fts}.rowid
      WHERE ${fts} MATCH ${match}
    )
    SELECT ${sql.join(fields, sql`, `)} FROM sums`);
  return kind.statuses.map((status, k) => ({ status, n: row?.[`s${k}`] ?? 0 }));
}
