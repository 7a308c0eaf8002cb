import type { InboxItem } from "./api";

/** "tattoo_idea" and "tattooIdea" name the same field. */
const sameField = (a: string, b: string) =>
  a.replace(/_/g, "").toLowerCase() === b.replace(/_/g, "").toLowerCase();

/**
 * A field's text with the parts the search matched in <mark>. The server sends the text already
 * cut into matched and unmatched runs, so nothing here is parsed as HTML.
 */
export function Highlighted({ item, field, text }: { item: InboxItem; field: string; text: string }) {
  const found = item.highlights?.find((h) => sameField(h.field, field));
  if (!found) return <>{text}</>;
  return (
    <>
      {found.segments.map((segment, index) =>
        segment.match ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>,
      )}
    </>
  );
}
