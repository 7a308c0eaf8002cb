/** Every message of the location service (shell-and-admin.md 8), in one place. */
export const locationMessages = {
  allFailed: "All location detection methods failed",
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
export function messageForGeolocationError(code: number | undefined): string {
  if (code === 1) return locationMessages.denied;
  if (code === 2) return locationMessages.unavailable;
  if (code === 3) return locationMessages.timeout;
  return locationMessages.other;
}
