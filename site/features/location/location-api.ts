import type { VisitorLocation } from "../../../shared/schemas/location";
import { api } from "../../lib/api-client";

/** The worker's two answers: the town from the visitor's IP, or the town at a GPS reading. */

export async function locationFromIp(): Promise<VisitorLocation> {
  const response = await api.location.$get(
    {},
    { headers: { "Cache-Control": "no-cache" }, init: { cache: "no-store" } },
  );
  if (!response.ok) throw new Error(`API request failed: ${response.status}`);
  return response.json();
}

export async function locationAt(coords: GeolocationCoordinates): Promise<VisitorLocation> {
  const response = await api.location.precise.$post({
    json: { latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy },
  });
  if (!response.ok) throw new Error(`API request failed: ${response.status}`);
  return response.json();
}
