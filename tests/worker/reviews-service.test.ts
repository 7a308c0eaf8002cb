import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { fallbackReviews } from "../../shared/content/fallback-reviews";
import type { Review } from "../../shared/schemas/reviews";
import { defaultReviewsConfig, getReviews, normaliseReview } from "../../worker/features/reviews/service";

const configured = {
  ...defaultReviewsConfig,
  baseUrl: "https://listing.fake",
  apiKey: "test-key",
  placeId: "place-123",
  timeoutMs: 200,
};

const ownTestimonials: Review[] = [
  {
    id: "t1",
    author: "Client One",
    rating: 5,
    text: "Great work.",
    date: "2 weeks ago",
    verified: true,
    profilePhotoUrl: null,
  },
];

/** A local fake of the listing API: records requests and answers as told. */
function fakeListing(answer: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fake = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request);
    // Like a real fetch, give up when the caller's signal aborts (the client's timeout).
    return new Promise<Response>((resolve, reject) => {
      init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      Promise.resolve(answer(request)).then(resolve, reject);
    });
  });
  return { fetch: fake as unknown as typeof fetch, requests };
}

const placeBody = {
  rating: 4.9,
  userRatingCount: 57,
  reviews: [
    {
      name: "places/place-123/reviews/abc",
      rating: 5,
      text: { text: "Incredible linework.", languageCode: "en" },
      authorAttribution: { displayName: "Jamie P.", photoUri: "https://photos.example/jamie.jpg" },
      publishTime: "2026-10-02T15:04:05Z",
    },
    { rating: 9, authorAttribution: {}, publishTime: "not a date" },
  ],
};

const deps = (fetchImpl: typeof fetch, kv: KVNamespace | undefined = env.KV) => ({
  fetch: fetchImpl,
  kv,
  staticReviews: ownTestimonials,
  log: vi.fn(),
});

describe("reviews service", () => {
  it("answers the site's own testimonials with source static when nothing is configured", async () => {
    const listing = fakeListing(() => Response.json(placeBody));
    const result = await getReviews({ ...configured, apiKey: undefined }, deps(listing.fetch));
    expect(result).toEqual({ source: "static", reviews: ownTestimonials });
    expect(listing.requests).toHaveLength(0);
  });

  it("fetches live reviews with the secret key server-side, normalises them and caches them in KV", async () => {
    const listing = fakeListing(() => Response.json(placeBody));
    const first = await getReviews(configured, deps(listing.fetch));
    expect(first.source).toBe("live");
    expect(first.rating).toBe(4.9);
    expect(first.total).toBe(57);
    expect(first.reviews[0]).toEqual({
      id: "places/place-123/reviews/abc",
      author: "Jamie P.",
      rating: 5,
      text: "Incredible linework.",
      date: "October 2, 2026",
      verified: true,
      profilePhotoUrl: "https://photos.example/jamie.jpg",
    });
    // Missing fields get defaults: random id, Anonymous, rating 5, empty text and date.
    expect(first.reviews[1]).toMatchObject({
      author: "Anonymous",
      rating: 5,
      text: "",
      date: "",
      verified: true,
    });
    expect(first.reviews[1]?.id).toMatch(/^[0-9a-f-]{36}$/);
    const request = listing.requests[0];
    expect(request?.url).toBe("https://listing.fake/v1/places/place-123");
    expect(request?.headers.get("X-Goog-Api-Key")).toBe("test-key");

    const second = await getReviews(configured, deps(listing.fetch));
    expect(second.source).toBe("live");
    expect(second.reviews[0]?.author).toBe("Jamie P.");
    expect(listing.requests).toHaveLength(1);
  });

  const failures: Array<[string, () => Response | Promise<Response>]> = [
    ["an empty review list", () => Response.json({ rating: 5, reviews: [] })],
    ["a 403 (bad key)", () => new Response("denied", { status: 403 })],
    ["a 404 (unknown place)", () => new Response("not found", { status: 404 })],
    ["a 500", () => new Response("boom", { status: 500 })],
    ["malformed JSON", () => new Response("{not json", { headers: { "Content-Type": "application/json" } })],
    ["a JSON null", () => Response.json(null)],
    // Never answers: only the client's own timeout ends the wait.
    ["a timeout", () => new Promise<Response>(() => {})],
  ];
  for (const [name, answer] of failures) {
    it(`falls back to the three saved reviews with source cached on ${name}`, async () => {
      const listing = fakeListing(answer);
      const d = deps(listing.fetch);
      // A place of its own, so no earlier test's cached answer is reused.
      const result = await getReviews({ ...configured, placeId: `place-${crypto.randomUUID()}` }, d);
      expect(result).toEqual({ source: "cached", reviews: fallbackReviews });
      expect(fallbackReviews).toHaveLength(3);
      expect(d.log).toHaveBeenCalledWith(
        "warn",
        expect.stringContaining("saved reviews"),
        expect.any(Object),
      );
    });
  }

  it("still answers live when KV is unavailable", async () => {
    const brokenKv = {
      get: () => Promise.reject(new Error("KV down")),
      put: () => Promise.reject(new Error("KV down")),
    } as unknown as KVNamespace;
    const listing = fakeListing(() => Response.json(placeBody));
    const result = await getReviews({ ...configured, placeId: "place-no-kv" }, deps(listing.fetch, brokenKv));
    expect(result.source).toBe("live");
  });

  it("drops profile photos that are not https", () => {
    expect(
      normaliseReview({ authorAttribution: { photoUri: "javascript:alert(1)" } }).profilePhotoUrl,
    ).toBeNull();
  });
});
