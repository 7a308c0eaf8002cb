import type { Coordinates } from "../geo";
import { z } from "./z";

/** POST /api/location/precise: a browser geolocation fix. */
export const preciseLocationSchema = z.strictObject({
  latitude: z.number({ error: "Latitude must be a number." }).min(-90).max(90),
  longitude: z.number({ error: "Longitude must be a number." }).min(-180).max(180),
  /** Metres, as the Geolocation API reports it. */
  accuracy: z.number({ error: "Accuracy must be a number." }).min(0).max(100_000),
});
export type PreciseLocationInput = z.infer<typeof preciseLocationSchema>;

type LocationSource = "ip" | "gps";

/** The location object both endpoints answer with. */
export interface VisitorLocation {
  /** 'Unknown' when the edge or the place list has no name for it: never guessed. */
  city: string;
  region: string;
  country: string;
  source: LocationSource;
  /** Human text such as '35m' (GPS) or 'city-level' (IP); null when unknown. */
  accuracy: string | null;
  coordinates: Coordinates | null;
  /** Miles from the studio, one decimal; null without coordinates. */
  distance_from_business: number | null;
  timezone: string | null;
  /** Milliseconds the worker spent answering. */
  responseTime: number;
}

export const unknownPlace = "Unknown";
