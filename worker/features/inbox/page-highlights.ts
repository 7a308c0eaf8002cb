// The highlights of one page of a search, as the admin receives them (inbox-highlight.ts marks them).
import type { AnySubmissionKind } from "../../../shared/submission-kinds";
import { markColumn, phrasesOf } from "./highlight";
import { indexColumns } from "./search-queries";

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
 * Matches are marked with two private-use characters; the marked text is then cut into plain
 * segments, so the browser shows the match with an element of its own and never renders a
 * visitor's text as markup.
 */
const markers = { open: "\uE000", close: "\uE001", ellipsis: "…" };

function segmentsOf(marked: string): Segment[] {
  const segments: Segment[] = [];
  for (const part of marked.split(markers.open)) {
    const end = part.indexOf(markers.close);
    if (end === -1) {
      if (part) segments.push({ text: part, match: false });
      continue;
    }
    segments.push({ text: part.slice(0, end), match: true });
    const rest = part.slice(end + markers.close.length).replaceAll(markers.close, "");
    if (rest) segments.push({ text: rest, match: false });
  }
  return segments;
}

/** Tokens of context either side of a match in a long field. */
const snippetTokens = 16;

/** The phone as the index reads it: its digits alone (the search view's rule). */
const phoneDigits = (phone: string) => phone.replace(/[-\s().+]/g, "");

/**
 * The matched stretches of each row of a page: short fields whole, long ones (the idea, the
 * message, the notes) as a snippet around the match, as FTS5's highlight() and snippet() would
 * mark them (inbox-highlight.ts), but read from the page's rows instead of the index. A match
 * in the phone's digits marks the whole phone number, as the digits are not the text the
 * artist reads.
 */
export function highlightsFor(kind: AnySubmissionKind, match: string, rows: Record<string, unknown>[]) {
  const phrases = phrasesOf(match);
  const long = new Set(kind.fields.filter((field) => field.long).map((field) => field.column));
  long.add("adminNotes");
  return rows.map((row) => {
    const found: Highlight[] = [];
    for (const column of indexColumns(kind)) {
      const phone = typeof row.phone === "string" ? row.phone : "";
      const text = column === "phoneDigits" ? phoneDigits(phone) : row[column];
      if (typeof text !== "string" || phrases.length === 0) continue;
      const marked = markColumn(text, phrases, markers, long.has(column) ? snippetTokens : undefined);
      if (marked === null) continue;
      if (column !== "phoneDigits") found.push({ field: column, segments: segmentsOf(marked) });
      else if (!found.some((h) => h.field === "phone") && phone) {
        found.push({ field: "phone", segments: [{ text: phone, match: true }] });
      }
    }
    return found;
  });
}
