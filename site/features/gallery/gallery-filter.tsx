import type { ReactNode } from "react";
import type { StudioContent } from "../../../shared/schemas/content";

type PortfolioItem = Omit<StudioContent["portfolio"][number], "image">;

/** The sizes and statuses a piece can have, in the order the filters offer them. */
export const pieceSizes = ["small", "medium", "large"] as const satisfies readonly PortfolioItem["size"][];
export const pieceStatuses = [
  "completed",
  "in-progress",
] as const satisfies readonly PortfolioItem["status"][];

/**
 * The gallery's filters as its address states them (`?style=&size=&status=&healed=1`), "all"
 * where none is set. The same reading serves the island and the server's render of a filtered
 * page, which is what a filter link leads to without JavaScript.
 */
export interface GalleryFilters {
  style: string;
  size: string;
  status: string;
  healed: boolean;
}

const filterKeys = ["healed", "size", "status", "style"] as const;

/** The filters an address names; a value no piece can have counts as "all". */
export function readGalleryFilters(params: URLSearchParams, styles: readonly string[]): GalleryFilters {
  const pick = (key: string, allowed: readonly string[]) => {
    const value = params.get(key) ?? "";
    return allowed.includes(value) ? value : "all";
  };
  return {
    style: pick("style", styles),
    size: pick("size", pieceSizes),
    status: pick("status", pieceStatuses),
    healed: params.get("healed") === "1",
  };
}

/** The filters as a query string, keys in one order and defaults left out ("" for none). */
export function galleryFilterQuery(filters: GalleryFilters): string {
  const params = new URLSearchParams();
  for (const key of filterKeys) {
    const value = key === "healed" ? (filters.healed ? "1" : "") : filters[key];
    if (value && value !== "all") params.set(key, value);
  }
  return params.toString();
}

/** Whether a piece passes the gallery's search and filters. */
export function matches(item: PortfolioItem, query: string, filters: GalleryFilters): boolean {
  if (filters.style !== "all" && item.style !== filters.style) return false;
  if (filters.size !== "all" && item.size !== filters.size) return false;
  if (filters.status !== "all" && item.status !== filters.status) return false;
  if (filters.healed && !item.healed) return false;
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
