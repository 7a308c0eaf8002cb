import type { TimeOfDay } from "../../../shared/personalization";
import type { VisitorLocation } from "../../../shared/schemas/location";

/** Places the location service could not name: the line is left out rather than say "Unknown". */
export const hiddenCities = new Set(["Unknown", "Local"]);

/**
 * Distance as a visitor says it. Under a mile (which rounds to "0" and would read as if the
 * visitor stood inside the studio) becomes a phrase; one mile is singular.
 */
export function distanceText(miles: number): string {
  if (miles < 1) return "under a mile from the studio";
  const rounded = miles < 10 ? Math.round(miles * 10) / 10 : Math.round(miles);
  return `${rounded} ${rounded === 1 ? "mile" : "miles"} from the studio`;
}

/**
 * How sure the reading is, in words: a GPS fix is "precise", an IP lookup "approximate". The
 * metre figure the browser reports (sometimes 0) means nothing to a visitor and is not shown.
 */
function accuracyText(location: VisitorLocation): string | null {
  if (!location.accuracy) return null;
  return location.source === "gps" ? "precise location" : "approximate location";
}

/** "Beltsville, US · precise location · 5.2 miles from the studio · this afternoon" */
export function locationLine(location: VisitorLocation | null, timeOfDay: TimeOfDay): string | null {
  if (!location || hiddenCities.has(location.city)) return null;
  const parts = [[location.city, location.country].filter((p) => p && p !== "Unknown").join(", ")];
  const accuracy = accuracyText(location);
  if (accuracy) parts.push(accuracy);
  if (location.distance_from_business !== null) parts.push(distanceText(location.distance_from_business));
  parts.push(`this ${timeOfDay}`);
  return parts.join(" · ");
}
