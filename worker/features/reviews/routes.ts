import { Hono } from "hono";
import { log } from "../../platform/log";
import type { AppEnv } from "../../types";
import { defaultReviewsConfig, getReviews, staticReviews } from "./service";

/** GET /api/reviews: `{source: "live" | "cached" | "static", reviews}`. */
export const reviews = new Hono<AppEnv>().get("/", async (c) => {
  const result = await getReviews(
    {
      ...defaultReviewsConfig,
      apiKey: c.env.GOOGLE_PLACES_API_KEY,
      placeId: c.env.GOOGLE_PLACE_ID,
      baseUrl: c.env.REVIEWS_API_BASE || defaultReviewsConfig.baseUrl,
    },
    {
      fetch: (input, init) => fetch(input, init),
      kv: c.env.KV,
      staticReviews,
      log,
    },
  );
  // Browsers and the edge may keep the answer briefly; live data is cached in KV anyway.
  c.header("Cache-Control", "public, max-age=300");
  return c.json(result);
});
