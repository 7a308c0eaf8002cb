/**
 * The seed portfolio's first six pieces, the featured ones, and the row format both halves of the
 * list are written in; shared/content/portfolio.ts continues the list from tattoo-007.
 */

import type { PlacementArea } from "../placement-areas";

type PortfolioSize = "small" | "medium" | "large";
type PortfolioStatus = "completed" | "in-progress";

export interface PortfolioItem {
  id: string;
  title: string;
  image: string;
  style: string;
  size: PortfolioSize;
  duration: string;
  status: PortfolioStatus;
  description: string;
  tags: string[];
  date: string;
  featured: boolean;
  alt?: string;
  bodyPart?: string;
  technique?: string;
  hidden: boolean;
  healed: boolean;
  placement: PlacementArea;
  hours: number;
  priceBand: { min: number; max: number };
}

/** The price guide's area for each body part the seed names. */
const placementOf: Record<string, PlacementArea> = {
  ankle: "foot",
  back: "back",
  "back of neck": "neck",
  calf: "calf",
  chest: "chest",
  collarbone: "chest",
  forearm: "forearm",
  "forearm sleeve": "forearm",
  hand: "hand",
  "inner arm": "upper-arm",
  "inner forearm": "forearm",
  "outer arm": "upper-arm",
  ribs: "ribs",
  shoulder: "shoulder",
  "shoulder blade": "back",
  sternum: "chest",
  thigh: "thigh",
  "upper arm": "upper-arm",
  wrist: "forearm",
};

/**
 * The seed's time and price figures, from its duration ("3-4 hours"): the middle of the
 * sessions' span, and the span at the studio's $120 an hour in steps of $50, never below the
 * $150 minimum.
 */
function figures(duration: string) {
  const [low = 1, high = low] = (duration.match(/\d+/g) ?? []).map(Number);
  const dollars = (hours: number) => Math.max(150, Math.round((hours * 120) / 50) * 50);
  return { hours: (low + high) / 2, priceBand: { min: dollars(low), max: dollars(high) } };
}

export type Row = [
  title: string,
  style: string,
  size: PortfolioSize,
  duration: string,
  status: PortfolioStatus,
  bodyPart: string,
  technique: string,
  date: string,
  tags: string,
  description: string,
];

/** Builds a full portfolio item from a table row and its position in the whole portfolio. */
export function portfolioItem(row: Row, index: number): PortfolioItem {
  const [title, style, size, duration, status, bodyPart, technique, date, tags, description] = row;
  const id = `tattoo-${String(index + 1).padStart(3, "0")}`;
  return {
    id,
    title,
    image: `tattoo-images/${id}`,
    style,
    size,
    duration,
    status,
    description,
    tags: tags.split(","),
    date,
    featured: index < 6,
    alt: `${title}: ${status === "in-progress" ? "linework stage of a " : ""}${style.replace("-", " ")} tattoo on the ${bodyPart}`,
    bodyPart,
    technique,
    hidden: false,
    healed: false,
    placement: placementOf[bodyPart] ?? "other",
    ...figures(duration),
  };
}

// biome-ignore format: one piece per line reads best as a table
export const featuredRows: Row[] = [
  ["Lion of Judah portrait", "realistic", "large", "7-8 hours", "completed", "upper arm", "black and grey realism, soft shading", "2025-09-14", "lion,portrait,faith", "A black and grey lion portrait with a calm, forward gaze, built up over two sessions so the mane keeps its softness."],
  ["Peony and dagger", "neo-traditional", "medium", "4-5 hours", "completed", "forearm", "bold outline, saturated colour", "2025-08-30", "peony,dagger,flowers", "A neo-traditional peony pierced by a gilded dagger, with rich reds and a warm gold handle."],
  ["Great wave sleeve panel", "japanese", "large", "8-10 hours", "completed", "outer arm", "Japanese wind bars and waves", "2025-08-02", "wave,water,japanese", "A wave panel in the Japanese tradition, with wind bars framing the curl of the water."],
  ["Sacred geometry mandala", "geometric", "medium", "5-6 hours", "completed", "sternum", "dotwork and fine linework", "2025-07-19", "mandala,dotwork,symmetry", "A symmetrical mandala in dotwork, fitted to the sternum so it moves naturally with the body."],
  ["In loving memory: Grandpa's compass", "memorial", "medium", "3-4 hours", "completed", "inner forearm", "fine-line realism with script", "2025-07-05", "compass,memorial,script", "A compass drawn from the client's grandfather's own, with his handwriting set under the dial."],
  ["Botanical fine-line spray", "fine-line", "small", "2-3 hours", "completed", "collarbone", "single-needle linework", "2025-06-21", "botanical,flowers,delicate", "A single-needle spray of wildflowers along the collarbone, light and airy by design."],
];
