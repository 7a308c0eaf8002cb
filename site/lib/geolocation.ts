/**
 * The browser's geolocation API as the site uses it: one position request with timings that
 * suit the device, and the permission state. The consent dialog asks with it, the location
 * service measures with it.
 */

const minute = 60_000;

/** How long one GPS reading may take, and how old a reading the browser may hand back. */
export const gpsTimings = {
  desktop: { gpsTimeout: 8000, maximumAge: 10 * minute },
  mobile: { gpsTimeout: 12_000, maximumAge: 15 * minute },
} as const;

export const isMobileDevice = () =>
  typeof navigator !== "undefined" &&
  ((navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData?.mobile ??
    /Mobi|Android|iPhone|iPad/i.test(navigator.userAgent));

export const geolocationSupported = () => typeof navigator !== "undefined" && "geolocation" in navigator;

/** The browser's geolocation permission; null when it is unknown or the API is missing. */
export async function geolocationPermission(): Promise<PermissionState | null> {
  if (!geolocationSupported() || !navigator.permissions) return null;
  try {
    return (await navigator.permissions.query({ name: "geolocation" })).state;
  } catch {
    return null;
  }
}

/** One coarse reading (never high accuracy: the city is all the site needs). */
export function currentPosition(): Promise<GeolocationPosition> {
  const timing = isMobileDevice() ? gpsTimings.mobile : gpsTimings.desktop;
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: false,
      timeout: timing.gpsTimeout,
      maximumAge: timing.maximumAge,
    }),
  );
}
