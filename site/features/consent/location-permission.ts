import { currentPosition, geolocationPermission, geolocationSupported } from "../../lib/geolocation";

/**
 * Turning on the location feature asks the browser for permission there and then, so the
 * visitor sees the browser's own prompt next to the choice it belongs to. The messages tell
 * what happened in words a visitor can act on.
 */
export const locationPermissionMessages = {
  unsupported: "Geolocation is not supported by this browser",
  previouslyDenied: "Location access was previously denied. Please enable it in your browser settings.",
  denied: "Location access denied. Please enable location in your browser settings and try again.",
  unavailable: "Location information unavailable. Please check your connection and try again.",
  timeout: "Location request timed out. Please try again.",
  other: "Unable to get location. Please try again or enable location manually.",
  requestFailed: "Failed to request location permission. Please try again.",
  granted: "Location access granted!",
  disabledByDenial: "Location disabled due to permission denial",
} as const;

/** The message for a GeolocationPositionError code (1 denied, 2 unavailable, 3 timeout). */
function messageForGeolocationError(code: number): string {
  if (code === 1) return locationPermissionMessages.denied;
  if (code === 2) return locationPermissionMessages.unavailable;
  if (code === 3) return locationPermissionMessages.timeout;
  return locationPermissionMessages.other;
}

export type LocationSupport = "unknown" | "available" | "unsupported" | "denied";

/** Whether the location switch can work in this browser at all. */
export async function locationSupport(): Promise<LocationSupport> {
  if (!geolocationSupported()) return "unsupported";
  return (await geolocationPermission()) === "denied" ? "denied" : "available";
}

/** Asks for permission with one reading; resolves with the message to show. */
export async function requestLocationPermission(): Promise<{ granted: boolean; message: string }> {
  if (!geolocationSupported()) return { granted: false, message: locationPermissionMessages.unsupported };
  if ((await geolocationPermission()) === "denied") {
    return { granted: false, message: locationPermissionMessages.previouslyDenied };
  }
  try {
    await currentPosition();
    return { granted: true, message: locationPermissionMessages.granted };
  } catch (error) {
    const code = (error as GeolocationPositionError | undefined)?.code;
    if (typeof code === "number") return { granted: false, message: messageForGeolocationError(code) };
    return { granted: false, message: locationPermissionMessages.requestFailed };
  }
}
