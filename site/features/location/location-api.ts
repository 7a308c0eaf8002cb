import type { VisitorLocation } from "../../../shared/schemas/location";

/** The worker's two answers: the town from the visitor's IP, or the town at a GPS reading. */

export async function locationFromIp(): Promise<VisitorLocation> {
  const response = await fetch("/api/location", {
    headers: { "Cache-Control": "no-cache" },
    cache: "no-store",
  });
  if (!response.ok) throw new Error(`API request failed: ${response.status}`);
  return (await response.json()) as VisitorLocation;
}

export async function locationAt(coords: GeolocationCoordinates): Promise<VisitorLocation> {
  const response = await fetch("/api/location/precise", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      latitude: coords.latitude,
      longitude: coords.longitude,
      accuracy: coords.accuracy,
    }),
  });
  if (!response.ok) throw new Error(`API request failed: ${response.status}`);
  return (await response.json()) as VisitorLocation;
}
