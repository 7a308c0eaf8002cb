import { distanceMiles, roundMiles } from "../../../shared/geo";
import {
  type PreciseLocationInput,
  unknownPlace,
  type VisitorLocation,
} from "../../../shared/schemas/location";
import data from "./dmv-places.json";

/**
 * Location answers from what the request already carries: the edge's geodata (`request.cf`)
 * for GET /api/location, and an offline nearest-place search over the bundled DMV gazetteer
 * (scripts/build-places.mjs) for GPS fixes. No third-party lookup is made.
 */

type Place = [name: string, region: string, latitude: number, longitude: number];
const places = data.places as Place[];
const regionNames = data.regions as Record<string, string>;

/** A fix farther than this from every bundled place gets no place name. */
const maxPlaceDistanceMiles = 15;

const finite = (value: unknown): number | null => {
  const n = typeof value === "string" ? Number.parseFloat(value) : typeof value === "number" ? value : NaN;
  return Number.isFinite(n) ? n : null;
};
const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, 100) : null;

/**
 * wrangler dev without network hands every request the same made-up Austin, Texas geodata
 * (miniflare's fallback). Outside production it is recognised and never shown as real.
 */
function isDevPlaceholder(cf: Record<string, unknown>): boolean {
  return cf.asn === 395747 && cf.postalCode === "78701" && cf.colo === "DFW" && cf.city === "Austin";
}

/** Where the studio is, as the live version publishes it (`studio.geo`). */
type StudioAt = { latitude: number; longitude: number };

const distanceFromStudio = (latitude: number, longitude: number, studioAt: StudioAt) =>
  roundMiles(distanceMiles({ latitude, longitude }, studioAt));

export function locationFromEdge(
  cf: Record<string, unknown> | null | undefined,
  {
    trustPlaceholder,
    startedAt,
    studioAt,
  }: {
    trustPlaceholder: boolean;
    startedAt: number;
    /** Where the studio is; without it (only the visitor's zone is wanted), no distance. */
    studioAt?: StudioAt;
  },
): VisitorLocation {
  const usable = cf && (trustPlaceholder || !isDevPlaceholder(cf)) ? cf : {};
  const latitude = finite(usable.latitude);
  const longitude = finite(usable.longitude);
  const coordinates =
    latitude !== null && longitude !== null && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180
      ? { latitude, longitude }
      : null;
  return {
    city: text(usable.city) ?? unknownPlace,
    region: text(usable.region) ?? unknownPlace,
    country: text(usable.country) ?? unknownPlace,
    source: "ip",
    accuracy: coordinates ? "city-level" : null,
    coordinates,
    distance_from_business:
      coordinates && studioAt
        ? distanceFromStudio(coordinates.latitude, coordinates.longitude, studioAt)
        : null,
    timezone: text(usable.timezone),
    responseTime: Date.now() - startedAt,
  };
}

export function nearestPlace(latitude: number, longitude: number): { name: string; region: string } | null {
  let best: Place | undefined;
  let bestMiles = Number.POSITIVE_INFINITY;
  // Cheap box check first: 0.25 degrees is about 17 miles of latitude.
  for (const place of places) {
    if (Math.abs(place[2] - latitude) > 0.25 || Math.abs(place[3] - longitude) > 0.35) continue;
    const miles = distanceMiles({ latitude, longitude }, { latitude: place[2], longitude: place[3] });
    if (miles < bestMiles) {
      bestMiles = miles;
      best = place;
    }
  }
  if (!best || bestMiles > maxPlaceDistanceMiles) return null;
  return { name: best[0], region: regionNames[best[1]] ?? best[1] };
}

export function locationFromFix(
  fix: PreciseLocationInput,
  startedAt: number,
  studioAt: StudioAt,
): VisitorLocation {
  const place = nearestPlace(fix.latitude, fix.longitude);
  return {
    city: place?.name ?? unknownPlace,
    region: place?.region ?? unknownPlace,
    country: place ? "US" : unknownPlace,
    source: "gps",
    accuracy: `${Math.round(fix.accuracy)}m`,
    coordinates: { latitude: fix.latitude, longitude: fix.longitude },
    distance_from_business: distanceFromStudio(fix.latitude, fix.longitude, studioAt),
    timezone: null,
    responseTime: Date.now() - startedAt,
  };
}

export const placeCount = places.length;
