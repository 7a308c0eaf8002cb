import { type PlacementArea, placementAreas, placementLabel } from "./placement-areas";
import type { StudioContent } from "./schemas/content";

/**
 * The price guide: what similar finished pieces took, in hours and dollars, computed from the
 * published portfolio's own figures. The rule (also in docs/product-rules.md):
 * - Only visible, completed pieces with hours and/or a price band count (an unfinished piece's
 *   figures are not final).
 * - Size always matches. Then the guide looks for pieces that also match, in this order:
 *   placement and style, placement alone, style alone, size alone; the first group of at least
 *   `minimumPieces` pieces answers. Fewer than that even by size: it says it cannot tell.
 * - Hours run from the group's shortest to longest piece, prices from the lowest to the highest
 *   band; with ten or more pieces the lowest and highest tenth are left out, so one unusual piece
 *   does not stretch the range. Hours are whole (down and up), prices in steps of $50.
 */

export const guideSizes = ["small", "medium", "large"] as const;
export type GuideSize = (typeof guideSizes)[number];

/**
 * One counted piece, as small as the browser needs: [size, placement ("" for none), style,
 * hours (0 for none), lowest price, highest price (0 and 0 for none)]. The pages carry this
 * table rather than the portfolio itself.
 */
export type GuideRow = [GuideSize, PlacementArea | "", string, number, number, number];

const minimumPieces = 3;

/** The guide's table from a portfolio (a page's, already stripped of hidden pieces). */
export function priceGuideTable(portfolio: StudioContent["portfolio"]): GuideRow[] {
  return portfolio
    .filter((piece) => !piece.hidden && piece.status === "completed" && (piece.hours || piece.priceBand))
    .map((piece) => [
      piece.size,
      piece.placement ?? "",
      piece.style,
      piece.hours ?? 0,
      piece.priceBand?.min ?? 0,
      piece.priceBand?.max ?? 0,
    ]);
}

export interface GuideQuestion {
  size: GuideSize;
  placement?: PlacementArea | undefined;
  style?: string | undefined;
}

export type GuideAnswer =
  | {
      kind: "estimate";
      /** How many pieces the figures come from, and which ones: "4 small pieces on the forearm". */
      count: number;
      basis: string;
      hours: [number, number] | null;
      price: [number, number] | null;
    }
  | { kind: "too-few" };

/** The figures of the pieces most like the visitor's, widening as the rule above says. */
export function priceGuide(table: readonly GuideRow[], question: GuideQuestion): GuideAnswer {
  const { size, placement, style } = question;
  const sameSize = table.filter((row) => row[0] === size);
  const steps: [GuideRow[], string][] = [];
  if (placement && style)
    steps.push([
      sameSize.filter((r) => r[1] === placement && r[2] === style),
      `${size} ${style} pieces ${on(placement)}`,
    ]);
  if (placement) steps.push([sameSize.filter((r) => r[1] === placement), `${size} pieces ${on(placement)}`]);
  if (style) steps.push([sameSize.filter((r) => r[2] === style), `${size} ${style} pieces`]);
  steps.push([sameSize, `${size} pieces`]);
  const found = steps.find(([rows]) => rows.length >= minimumPieces);
  if (!found) return { kind: "too-few" };
  const [rows, basis] = found;
  const hours = range(rows.filter((r) => r[3] > 0).map((r) => [r[3], r[3]]));
  const price = range(rows.filter((r) => r[5] > 0).map((r) => [r[4], r[5]]));
  return {
    kind: "estimate",
    count: rows.length,
    basis: `${rows.length} ${basis}`,
    hours: hours && [Math.max(1, Math.floor(hours[0])), Math.ceil(hours[1])],
    price: price && [Math.floor(price[0] / 50) * 50, Math.ceil(price[1] / 50) * 50],
  };
}

const on = (placement: PlacementArea) =>
  placement === "other" ? "elsewhere on the body" : `on the ${placementLabel(placement).toLowerCase()}`;

/** Low and high of the pieces' figures, leaving out the outer tenth at each end of ten or more. */
function range(figures: [number, number][]): [number, number] | null {
  if (figures.length === 0) return null;
  const trim = figures.length >= 10 ? Math.floor(figures.length / 10) : 0;
  const lows = figures.map((f) => f[0]).sort((a, b) => a - b);
  const highs = figures.map((f) => f[1]).sort((a, b) => a - b);
  return [lows[trim] ?? 0, highs[highs.length - 1 - trim] ?? 0];
}

const dollars = (n: number) => `$${n.toLocaleString("en-US")}`;

/** The guide's sentence: "Similar pieces took 3-4 hours, $450-650", or why it cannot say. */
export function guideSentence(answer: GuideAnswer): string {
  if (answer.kind === "too-few") return "Too few similar pieces to tell; the artist quotes each piece.";
  const parts: string[] = [];
  if (answer.hours) {
    const [lo, hi] = answer.hours;
    parts.push(lo === hi ? `about ${lo} ${lo === 1 ? "hour" : "hours"}` : `${lo}-${hi} hours`);
  }
  if (answer.price) {
    const [lo, hi] = answer.price;
    parts.push(lo === hi ? `about ${dollars(lo)}` : `${dollars(lo)}-${hi.toLocaleString("en-US")}`);
  }
  return `Similar pieces took ${parts.join(", ")}`;
}

/**
 * What a flash design costs, for a request that attaches it: its own price, or the flash band
 * when it has none. Never the portfolio's guide: a flash design is priced as drawn, and the
 * custom pieces of its size say nothing about it.
 */
export function designPriceSentence(price: number | undefined, flashBand: string): string {
  return price === undefined ? `Flash designs are ${flashBand}` : `This design is ${dollars(price)}`;
}

/** The placement a visitor's own words name ("left forearm" is the forearm), if any. */
export function placementFromText(text: string): PlacementArea | undefined {
  const words = text.toLowerCase().replace(/[^a-z]+/g, " ");
  // Longest names first, so "upper arm" wins over a bare "arm" and "forearm" over "arm".
  return [...placementAreas]
    .filter((area) => area !== "other")
    .sort((a, b) => b.length - a.length)
    .find((area) => ` ${words} `.includes(` ${area.replace("-", " ")} `));
}
