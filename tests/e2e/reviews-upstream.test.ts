import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevServer, startDevServer } from "../../scripts/lib/dev-server.mjs";
import { fallbackReviews } from "../../shared/content/fallback-reviews";
import { freshState } from "../support/e2e-state";

/**
 * GET /api/reviews against a local fake of the business listing's API over real HTTP on
 * loopback: the worker's real client, its timeout, its KV cache and its
 * fallbacks, with the key and place id configured as an operator would.
 */
type Mode = "ok" | "empty" | "forbidden" | "error" | "malformed" | "slow";

let mode: Mode = "error";
const seen: IncomingMessage[] = [];
let fake: Server;
let fakePort = 0;
let site: DevServer;

const listing = {
  rating: 4.9,
  userRatingCount: 57,
  reviews: [
    {
      name: "places/place-e2e/reviews/r1",
      rating: 5,
      text: { text: "Mara redrew my grandmother's roses perfectly." },
      publishTime: "2026-10-02T15:00:00Z",
      authorAttribution: { displayName: "Renee P.", photoUri: "https://photos.example/renee.jpg" },
    },
    { name: "places/place-e2e/reviews/r2", authorAttribution: {} },
  ],
};

function listen(server: Server, port = 0): Promise<number> {
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
}

beforeAll(async () => {
  fake = createServer((request, response) => {
    seen.push(request);
    // Every answer closes its connection: the tests below close the listing and start it again,
    // and a connection the worker kept from an earlier answer would then be a dead one.
    const json = (status: number, body: string) => {
      response.writeHead(status, { "Content-Type": "application/json", Connection: "close" });
      response.end(body);
    };
    if (mode === "ok") return json(200, JSON.stringify(listing));
    if (mode === "empty") return json(200, JSON.stringify({ rating: 5, reviews: [] }));
    if (mode === "forbidden") return json(403, JSON.stringify({ error: { status: "PERMISSION_DENIED" } }));
    if (mode === "malformed") return json(200, '{"reviews": [');
    // Never answers: the worker has to give up on its own and fall back.
    if (mode === "slow") return;
    return json(500, "upstream exploded");
  });
  fakePort = await listen(fake);
  const persistTo = ".wrangler/e2e-reviews-state";
  await freshState(persistTo);
  site = await startDevServer({
    port: Number(process.env.E2E_REVIEWS_PORT ?? 8791),
    persistTo,
    vars: {
      GOOGLE_PLACES_API_KEY: "e2e-listing-key",
      GOOGLE_PLACE_ID: "place-e2e",
      REVIEWS_API_BASE: `http://127.0.0.1:${fakePort}`,
    },
  });
}, 120_000);

afterAll(async () => {
  await site?.stop();
  fake?.closeAllConnections();
  await new Promise((resolve) => fake?.close(resolve));
});

async function reviews() {
  const response = await fetch(`${site.url}/api/reviews`);
  expect(response.status).toBe(200);
  return (await response.json()) as { source: string; reviews: unknown[]; rating?: number; total?: number };
}

describe("GET /api/reviews with a configured listing (local fake over HTTP)", () => {
  // Failures first: only a successful answer is cached, for six hours.
  for (const failing of ["forbidden", "error", "malformed", "empty"] as const) {
    it(`shows the three saved reviews, source cached, when the listing answers ${failing}`, async () => {
      mode = failing;
      expect(await reviews()).toEqual({ source: "cached", reviews: fallbackReviews });
    });
  }

  it("gives up after its timeout and shows the saved reviews", async () => {
    mode = "slow";
    const started = Date.now();
    expect(await reviews()).toEqual({ source: "cached", reviews: fallbackReviews });
    expect(Date.now() - started).toBeLessThan(5900);
  });

  it("shows the saved reviews when nothing listens at the listing's address", async () => {
    fake.closeAllConnections();
    await new Promise((resolve) => fake.close(resolve));
    try {
      expect(await reviews()).toEqual({ source: "cached", reviews: fallbackReviews });
    } finally {
      await listen(fake, fakePort);
    }
  });

  it("shows live reviews, normalised, asking with the server-side key, then serves them from the cache", async () => {
    mode = "ok";
    seen.length = 0;
    const live = await reviews();
    expect(live).toMatchObject({ source: "live", rating: 4.9, total: 57 });
    expect(live.reviews).toEqual([
      {
        id: "places/place-e2e/reviews/r1",
        author: "Renee P.",
        rating: 5,
        text: "Mara redrew my grandmother's roses perfectly.",
        date: expect.stringMatching(/^October \d{1,2}, 2026$/),
        verified: true,
        profilePhotoUrl: "https://photos.example/renee.jpg",
      },
      {
        id: "places/place-e2e/reviews/r2",
        author: "Anonymous",
        rating: 5,
        text: "",
        date: "",
        verified: true,
        profilePhotoUrl: null,
      },
    ]);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe("/v1/places/place-e2e");
    expect(seen[0]?.headers["x-goog-api-key"]).toBe("e2e-listing-key");

    // Cached in KV: the listing is not asked again, even when it is failing now.
    mode = "error";
    expect((await reviews()).source).toBe("live");
    expect(seen).toHaveLength(1);
  });
});
