import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { AnySubmissionKind } from "../../../shared/submission-kinds";
import { tableOf } from "../schema";
import type { SearchCursor } from "./inbox-cursor";

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

/** bm25 with the weights of the kind's columns, as a SQL expression over its index. */
function score(kind: AnySubmissionKind): SQL {
  const weights = indexColumns(kind).map((column) => columnWeights[column] ?? 1);
  return sql.raw(`bm25("${kind.table}_search", ${weights.map((w) => w.toFixed(1)).join(", ")})`);
}

/** Rows of a search page with their rowid (doc) and score; columns still in SQL names. */
type RawHit = Record<string, unknown> & { doc: number; score: number; snapshot: number };

interface SearchOptions {
  match: string;
  status?: string | undefined;
  cursor?: SearchCursor | undefined;
  limit: number;
}

/**
 * One page of a search, best match first (equal matches newest first), and the cursor of the
 * next. The rows are read in the
 * same statement as their ranks. A cursor's boundary is the score its last row has NOW: when
 * rows arrive, every score of a query shifts (bm25 weighs a word by how rare it is), and a
 * score remembered from the previous page would cut the list in the wrong place.
 */
export async function searchPage<K extends AnySubmissionKind>(db: Db, kind: K, options: SearchOptions) {
  if (options.match === "") return { items: [], next: null };
  const fts = ftsTable(kind);
  const rows = rowTable(kind);
  const { cursor } = options;
  // Rowids are bound as CAST(? AS INTEGER): D1 hands a JavaScript number over as a REAL, and
  // FTS5 ignores a rowid constraint of that type, silently matching every row.
  const rowid = (value: number) => sql`CAST(${value} AS INTEGER)`;
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
    ? sql`AND (SELECT status FROM ${rows} WHERE rowid = hits.doc) = ${options.status}`
    : sql``;
  const hits = await db.all<RawHit>(sql`
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
    SELECT t.*, page.doc AS doc, page.score AS score, ${snapshot} AS snapshot
    FROM page JOIN ${rows} AS t ON t.rowid = page.doc
    ORDER BY page.score, page.doc DESC`);
  const page = hits.slice(0, options.limit);
  const last = page.at(-1);
  const next: SearchCursor | null =
    hits.length > options.limit && last
      ? { kind: "search", score: last.score, doc: last.doc, snapshot: last.snapshot }
      : null;
  return { items: page.map((hit) => ({ doc: hit.doc, row: fromSqlNames(kind, hit) })), next };
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

/** How many rows of each status a search matches, whatever status the list is filtered to. */
export async function searchCounts(db: Db, kind: AnySubmissionKind, match: string) {
  if (match === "") return [];
  const fts = ftsTable(kind);
  return db.all<{ status: string; n: number }>(sql`
    SELECT t.status AS status, count(*) AS n
    FROM ${fts} JOIN ${rowTable(kind)} AS t ON t.rowid = ${fts}.rowid
    WHERE ${fts} MATCH ${match}
    GROUP BY t.status`);
}

/** A stretch of a field's text, marked when it is what the search matched. */
export interface Segment {
  text: string;
  match: boolean;
}
export interface Highlight {
  field: string;
  segments: Segment[];
}

/*
 * FTS5 marks matches with strings of our choosing. Two private-use characters stand in for
 * them; the marked text is then cut into plain segments, so the browser shows the match with
 * an element of its own and never renders a visitor's text as markup.
 */
const open = "\uE000";
const close = "\uE001";

function segmentsOf(marked: string): Segment[] | null {
  if (!marked.includes(open)) return null;
  const segments: Segment[] = [];
  for (const part of marked.split(open)) {
    const end = part.indexOf(close);
    if (end === -1) {
      if (part) segments.push({ text: part, match: false });
      continue;
    }
    segments.push({ text: part.slice(0, end), match: true });
    const rest = part.slice(end + close.length).replaceAll(close, "");
    if (rest) segments.push({ text: rest, match: false });
  }
  return segments;
}

/** Tokens of context either side of a match in a long field. */
const snippetTokens = 16;

/**
 * The matched stretches of each row of a page, by rowid: short fields whole, long ones (the
 * idea, the message, the notes) as a snippet around the match. A match in the phone's digits
 * marks the whole phone number, as the digits are not the text the artist reads.
 */
export async function highlightsFor(db: Db, kind: AnySubmissionKind, match: string, docs: number[]) {
  const byDoc = new Map<number, Highlight[]>();
  if (docs.length === 0 || match === "") return byDoc;
  const fts = ftsTable(kind);
  const columns = indexColumns(kind);
  const long = new Set(kind.fields.filter((field) => field.long).map((field) => field.column));
  long.add("adminNotes");
  const marked = columns.map((column, i) =>
    long.has(column)
      ? sql.raw(
          `snippet("${kind.table}_search", ${i}, '${open}', '${close}', '…', ${snippetTokens}) AS c${i}`,
        )
      : sql.raw(`highlight("${kind.table}_search", ${i}, '${open}', '${close}') AS c${i}`),
  );
  const phoneAt = columns.indexOf("phone");
  const rows = await db.all<Record<string, string | number | null>>(sql`
    SELECT rowid AS doc, ${sql.join(marked, sql`, `)} FROM ${fts}
    WHERE ${fts} MATCH ${match} AND rowid IN (SELECT value FROM json_each(${JSON.stringify(docs)}))`);
  for (const row of rows) {
    const found: Highlight[] = [];
    columns.forEach((column, i) => {
      const text = row[`c${i}`];
      const segments = typeof text === "string" ? segmentsOf(text) : null;
      if (!segments) return;
      if (column !== "phoneDigits") found.push({ field: column, segments });
      else if (!found.some((h) => h.field === "phone")) {
        const raw = row[`c${phoneAt}`];
        const phone = typeof raw === "string" ? raw.replace(/[\uE000\uE001]/g, "") : "";
        if (phone) found.push({ field: "phone", segments: [{ text: phone, match: true }] });
      }
    });
    byDoc.set(Number(row.doc), found);
  }
  return byDoc;
}
