/**
 * A list of plain sentences or words (a check-list, tags, steps). Each line is its own key: the
 * lists come from the content, where no line stands twice.
 */
export function TextList({
  items,
  className,
  ordered = false,
}: {
  items: readonly string[];
  className: string;
  /** Steps read in order: an <ol>, so assistive technology says "1 of 4". */
  ordered?: boolean;
}) {
  const List = ordered ? "ol" : "ul";
  return (
    <List className={className}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </List>
  );
}
