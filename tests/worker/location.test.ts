import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import app from "../../worker/app";
import { nearestPlace, placeCount } from "../../worker/features/location/service";
import { call, inOneLimiterWindow, refusedFields } from "./support";

/** A fresh address per test, so one test's requests never count against another's limit. */
let lastHost = 0;
const address = () => `203.0.113.${++lastHost}`;
const headers = (ip = address()) => ({ "CF-Connecting-IP": ip });

/** Edge geodata as Cloudflare attaches it to a request in College Park, MD. */
const collegeParkCf = {
  city: "College Park",
  region: "Maryland",
  regionCode: "MD",
  country: "US",
  latitude: "38.98067",
  longitude: "-76.93692",
  timezone: "America/New_York",
  asn: 7922,
  colo: "IAD",
};

/** miniflare's made-up geodata for wrangler dev without network. */
const devPlaceholderCf = {
  asn: 395747,
  colo: "DFW",
  city: "Austin",
  region: "Texas",
  regionCode: "TX",
  postalCode: "78701",
  country: "US",
  latitude: "30.27130",
  longitude: "-97.74260",
  timezone: "America/Chicago",
};

describe("GET /api/location", () => {
  it("answers from the edge geodata with source ip and the distance from the studio", async () => {
    const response = await call("/api/location", { headers: headers(), cf: collegeParkCf });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = await response.json();
    expect(body).toMatchObject({
      city: "College Park",
      region: "Maryland",
      country: "US",
      source: "ip",
      accuracy: "city-level",
      coordinates: { latitude: 38.98067, longitude: -76.93692 },
      timezone: "America/New_York",
    });
    // College Park is about 9 miles from the studio in Laurel.
    expect((body as { distance_from_business: number }).distance_from_business).toBeGreaterThan(7);
    expect((body as { distance_from_business: number }).distance_from_business).toBeLessThan(11);
    expect((body as { responseTime: number }).responseTime).toBeGreaterThanOrEqual(0);
  });

  it("answers an honest Unknown, not an error, when the request has no geodata", async () => {
    const response = await call("/api/location", { headers: headers() });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      city: "Unknown",
      region: "Unknown",
      country: "Unknown",
      source: "ip",
      accuracy: null,
      coordinates: null,
      distance_from_business: null,
    });
  });

  it("never presents wrangler dev's placeholder Austin, Texas as the visitor's place", async () => {
    const response = await call("/api/location", { headers: headers(), cf: devPlaceholderCf });
    expect(await response.json()).toMatchObject({ city: "Unknown", coordinates: null });
  });

  it("keeps a partial answer when the edge knows the country but not the coordinates", async () => {
    const response = await call("/api/location", {
      headers: headers(),
      cf: { country: "CA", latitude: "n/a" },
    });
    expect(await response.json()).toMatchObject({ city: "Unknown", country: "CA", coordinates: null });
  });

  it("limits one address to 30 lookups a minute with a 429 in the error shape", async () => {
    const { statuses, limited } = await inOneLimiterWindow(address, async (ip) => {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        statuses.push((await call("/api/location", { headers: headers(ip) })).status);
      }
      return { statuses, limited: await call("/api/location", { headers: headers(ip) }) };
    });
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("60");
    expect(await limited.json()).toEqual({
      error: { code: "rate_limited", message: "Too many requests. Please wait a minute and try again." },
    });
    // Another address is not affected.
    expect((await call("/api/location", { headers: headers() })).status).toBe(200);
  });
});

const precise = (body: unknown, ip = address()) =>
  call("/api/location/precise", {
    method: "POST",
    headers: { ...headers(ip), "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("unknown location paths", () => {
  it("answer 404 in the error shape", async () => {
    for (const [path, method] of [
      ["/api/location/nearby", "GET"],
      ["/api/location", "DELETE"],
    ] as const) {
      const response = await call(path, { method, headers: headers() });
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("not_found");
    }
  });
});

describe("POST /api/location/precise", () => {
  it("names the nearest place offline and answers with source gps, accuracy and distance", async () => {
    const response = await precise({ latitude: 39.035, longitude: -76.907, accuracy: 35.4 });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      city: "Beltsville",
      region: "Maryland",
      country: "US",
      source: "gps",
      accuracy: "35m",
      coordinates: { latitude: 39.035, longitude: -76.907 },
    });
    expect(body.distance_from_business).toBeGreaterThan(4);
    expect(body.distance_from_business).toBeLessThan(7);
  });

  it("finds the studio's own town and Washington, DC", async () => {
    expect(nearestPlace(39.0993, -76.8483)).toEqual({ name: "Laurel", region: "Maryland" });
    expect(nearestPlace(38.8951, -77.0364)).toMatchObject({ region: "District of Columbia" });
    expect(placeCount).toBeGreaterThan(1000);
  });

  it("answers Unknown for a fix far outside the bundled region, still with the distance", async () => {
    const body = (await (await precise({ latitude: 51.5, longitude: -0.12, accuracy: 20 })).json()) as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({ city: "Unknown", region: "Unknown", source: "gps" });
    expect(body.distance_from_business).toBeGreaterThan(3500);
  });

  it.each([
    ["latitude", { latitude: 91, longitude: 0, accuracy: 10 }],
    ["longitude", { latitude: 39, longitude: -181, accuracy: 10 }],
    ["accuracy", { latitude: 39, longitude: -76, accuracy: -1 }],
    ["latitude", { latitude: "39", longitude: -76, accuracy: 5 }],
    ["accuracy", { latitude: 39, longitude: -76 }],
  ])("refuses bad %s with a 400 (case %#)", async (field, input) => {
    expect(await refusedFields(await precise(input))).toContain(field);
  });

  it("refuses unknown fields and malformed JSON", async () => {
    expect((await precise({ latitude: 39, longitude: -76, accuracy: 5, ip: "1.2.3.4" })).status).toBe(400);
    const malformed = await precise("{not json");
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { code: string } }).error.code).toBe("bad_request");
  });

  it("shares the per-address limit with GET /api/location", async () => {
    const limited = await inOneLimiterWindow(address, async (ip) => {
      for (let i = 0; i < 30; i++) await precise({ latitude: 39, longitude: -76.9, accuracy: 5 }, ip);
      return precise({ latitude: 39, longitude: -76.9, accuracy: 5 }, ip);
    });
    expect(limited.status).toBe(429);
  });

  it("trusts the edge's Austin geodata in production, where it is real", async () => {
    const request = new Request("https://studio.test/api/location", {
      headers: headers(),
      cf: devPlaceholderCf,
    });
    const response = await app.request(request, undefined, { ...env, ENVIRONMENT: "production" });
    expect(await response.json()).toMatchObject({ city: "Austin", region: "Texas" });
  });
});
