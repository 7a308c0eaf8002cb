import { Hono } from "hono";
import { testimonials } from "../../shared/content/testimonials";
import type { Review } from "../../shared/schemas/reviews";
import { log } from "../lib/log";
import { defaultReviewsConfig, getReviews } from "../services/reviews";
import type { AppEnv } from "../types";

/** The site's own testimonials in the review shape, for source `static`. */
const staticReviews: readonly Review[] = testimonials.map((t) => ({
  id: t.id,
  author: t.name,
  rating: t.rating,
  text: t.text,
  date: new Date(`${t.date}T12:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  }),
  verified: true,
  profilePhotoUrl: null,
}));

/** GET /api/reviews: `{source: "live" | "cached" | "static", reviews}` (public-site.md 2, 8). */
export const reviews = new Hono<AppEnv>().get("/", async (c) => {
  const requestId = c.get("requestId");
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
      log: (level, message, fields) => log(level, message, { requestId, ...fields }),
    },
  );
  // Browsers and the edge may keep the answer briefly; live data is cached in KV anyway.
  c.header("Cache-Control", "public, max-age=300");
  return c.json(result);
});
