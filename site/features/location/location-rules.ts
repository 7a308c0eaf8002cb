import type { VisitorLocation } from "../../../shared/schemas/location";
import { gpsTimings } from "../../lib/geolocation";

/**
 * How often the location service measures, and what counts as a move. Plain functions, so the
 * numbers can be checked without a browser.
 */

export interface LocationPreferences {
  autoLocationEnabled: boolean;
  gpsEnabled: boolean;
  updateFrequency: "normal" | "reduced" | "disabled";
  batteryOptimization: boolean;
}

const minute = 60_000;
export const locationTimings = {
  desktop: {
    interval: 10 * minute,
    highAccuracyInterval: 20 * minute,
    ...gpsTimings.desktop,
  },
  mobile: {
    interval: 15 * minute,
    highAccuracyInterval: 30 * minute,
    ...gpsTimings.mobile,
  },
  /** An IP location is reused for a day, a GPS one for half an hour. */
  cachedLocationMaxAge: 24 * 60 * minute,
  highAccuracyReuse: 30 * minute,
  resumeAfterOnline: 1000,
} as const;

/** A location counts as changed only if the city or the region differs: a new greeting is due. */
export function locationChanged(
  previous: VisitorLocation | null | undefined,
  next: VisitorLocation,
): boolean {
  return !previous || previous.city !== next.city || previous.region !== next.region;
}

/**
 * Whether updates are precise GPS ones, which run on the longer high-accuracy interval: only when
 * the visitor's GPS preference is on, the browser has actually granted geolocation, and the last
 * reading really came from GPS. Otherwise (permission not granted, prompt pending, GPS switched
 * off, or GPS gave no reading and the IP lookup answered) updates are IP lookups on the normal
 * interval: an IP location is refreshed every 10 minutes on a desktop, never 20.
 */
export function usesHighAccuracy(
  gpsEnabled: boolean,
  permission: PermissionState | null,
  lastSource: VisitorLocation["source"] | null = null,
): boolean {
  return gpsEnabled && permission === "granted" && lastSource !== "ip";
}

/**
 * The update interval: 10 min desktop / 15 min mobile (20 / 30 for high accuracy), doubled
 * after more than 3 consecutive failures, on mobile ×3 under 20 % battery and ×1.5 under 50 %,
 * doubled again at reduced frequency.
 */
export function updateInterval(options: {
  mobile: boolean;
  highAccuracy: boolean;
  failures: number;
  batteryLevel: number | null;
  frequency: LocationPreferences["updateFrequency"];
}): number {
  const timing = options.mobile ? locationTimings.mobile : locationTimings.desktop;
  let interval = options.highAccuracy ? timing.highAccuracyInterval : timing.interval;
  if (options.failures > 3) interval *= 2;
  if (options.mobile && options.batteryLevel !== null) {
    if (options.batteryLevel < 0.2) interval *= 3;
    else if (options.batteryLevel < 0.5) interval *= 1.5;
  }
  if (options.frequency === "reduced") interval *= 2;
  return interval;
}
