// A plain list, without the schemas, so the pages' scripts can offer it without loading zod.

/**
 * Where on the body a piece sits, as the price guide and the request form group it. A piece
 * without one still shows in the gallery; it only does not count towards a placement's figures.
 */
export const placementAreas = [
  "forearm",
  "upper-arm",
  "hand",
  "shoulder",
  "chest",
  "back",
  "ribs",
  "leg",
  "thigh",
  "calf",
  "foot",
  "neck",
  "other",
] as const;
export type PlacementArea = (typeof placementAreas)[number];

/** A placement as a visitor reads it: "Upper arm". */
export function placementLabel(area: PlacementArea): string {
  const words = area.replace("-", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
