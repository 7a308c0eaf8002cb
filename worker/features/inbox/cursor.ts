/**
 * Page cursors of the admin inbox. To the browser a cursor is an opaque token; inside it is the
 * position of the last row handed out, so the next page starts right after it whatever was
 * added or removed meanwhile (keyset paging: no OFFSET, as fast at row 49,000 as at row 1).
 *
 * - The plain list is ordered newest first by (created_at, id).
 * - A search is ordered by relevance; its position is (score, doc), where doc is the row's
 *   rowid, plus the highest rowid that existed when the search began: rows that arrive while
 *   the artist pages are left out, so they cannot push rows across a page boundary.
 * - A search that matches most of the inbox is ordered newest first (inbox-search.ts says
 *   why); its position is the doc alone, plus the same snapshot. The order is kept in the
 *   cursor, so a search never changes order between its pages.
 */
import { textFromBase64Url, textToBase64Url } from "../../platform/crypto";

type ListCursor = { kind: "list"; createdAt: string; id: string };
export type SearchCursor =
  | { kind: "search"; order: "rank"; score: number; doc: number; snapshot: number }
  | { kind: "search"; order: "newest"; doc: number; snapshot: number };
export type Cursor = ListCursor | SearchCursor;

export function encodeCursor(cursor: Cursor): string {
  const parts =
    cursor.kind === "list"
      ? [cursor.createdAt, cursor.id]
      : cursor.order === "rank"
        ? ["s", cursor.score, cursor.doc, cursor.snapshot]
        : ["n", cursor.doc, cursor.snapshot];
  return textToBase64Url(JSON.stringify(parts));
}

const isRowid = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value > 0;

/** The position a cursor names; undefined for none, null for a token this API never gave out. */
export function decodeCursor(text: string | undefined): Cursor | null | undefined {
  if (!text) return undefined;
  const json = textFromBase64Url(text);
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(value)) return null;
  if (value.length === 2) {
    const [createdAt, id] = value;
    if (
      typeof createdAt === "string" &&
      typeof id === "string" &&
      createdAt.length <= 40 &&
      id.length <= 100
    ) {
      return { kind: "list", createdAt, id };
    }
  }
  if (value.length === 4 && value[0] === "s") {
    const [, score, doc, snapshot] = value;
    if (typeof score === "number" && Number.isFinite(score) && isRowid(doc) && isRowid(snapshot)) {
      return { kind: "search", order: "rank", score, doc, snapshot };
    }
  }
  if (value.length === 3 && value[0] === "n") {
    const [, doc, snapshot] = value;
    if (isRowid(doc) && isRowid(snapshot)) return { kind: "search", order: "newest", doc, snapshot };
  }
  return null;
}
