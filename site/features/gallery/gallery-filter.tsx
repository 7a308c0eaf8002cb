import type { ReactNode } from "react";
import type { StudioContent } from "../../../shared/schemas/content";

type PortfolioItem = Omit<StudioContent["portfolio"][number], "image">;

/** Whether a piece passes the gallery's search, style filter and healed-only filter. */
export function matches(item: PortfolioItem, query: string, style: string, healedOnly: boolean): boolean {
  if (style !== "all" && item.style !== style) return false;
  if (healedOnly && !item.healed) return false;
  if (!query) return true;
  const haystack = [
    item.title,
    item.style,
    item.description,
    item.bodyPart ?? "",
    item.technique ?? "",
    ...item.tags,
  ]
    .join(" ")
    .toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/**
 * A healed photo beside the same tattoo fresh, each labelled: how the work settled is what a
 * visitor wants to judge, so the lightbox shows both rather than the healed one alone.
 */
export function pairImage(healed: ReactNode, fresh: ReactNode) {
  return (
    <div className="healed-pair">
      <figure>
        {fresh}
        <figcaption>Fresh</figcaption>
      </figure>
      <figure>
        {healed}
        <figcaption>Healed</figcaption>
      </figure>
    </div>
  );
}
