import type { InboxItem } from "./api";

type Segment = { text: string; match: boolean };

/** "tattoo_idea" and "tattooIdea" name the same field. */
const sameField = (a: string, b: string) =>
  a.replace(/_/g, "").toLowerCase() === b.replace(/_/g, "").toLowerCase();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The whole of `text`, cut where any of the matched words occur. */
function markWords(text: string, words: string[]): Segment[] {
  if (words.length === 0) return [{ text, match: false }];
  const pattern = new RegExp(`(${words.map(escapeRegExp).join("|")})`, "giu");
  return text
    .split(pattern)
    .filter((part) => part !== "")
    .map((part) => ({ text: part, match: words.some((w) => w.toLowerCase() === part.toLowerCase()) }));
}

/**
 * A field's text with the parts the search matched in <mark>. The server sends the matched
 * stretches already cut into runs, so nothing here is parsed as HTML. For a long field it sends
 * an excerpt around the match: `excerpt` shows that (the line under a closed card); otherwise
 * the whole text is shown with the matched words marked in it.
 */
export function Highlighted({
  item,
  field,
  text,
  excerpt = false,
}: {
  item: InboxItem;
  field: string;
  text: string;
  excerpt?: boolean;
}) {
  const found = item.highlights?.find((h) => sameField(h.field, field));
  if (!found) return <>{text}</>;
  const whole = found.segments.map((s) => s.text).join("") === text;
  const words = [...new Set(found.segments.filter((s) => s.match).map((s) => s.text.trim()))].filter(Boolean);
  const segments = whole || excerpt ? found.segments : markWords(text, words);
  return (
    <>
      {segments.map((segment, index) =>
        segment.match ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>,
      )}
    </>
  );
}
