/** Great-circle distance helpers shared by the worker and the browser. */

export interface Coordinates {
  latitude: number;
  longitude: number;
}

const earthRadiusMiles = 3958.8;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Haversine distance in miles. */
export function distanceMiles(a: Coordinates, b: Coordinates): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusMiles * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Miles rounded to one decimal, as shown to visitors. */
export const roundMiles = (miles: number) => Math.round(miles * 10) / 10;
