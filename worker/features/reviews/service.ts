import { fallbackReviews } from "../../../shared/content/fallback-reviews";
import { testimonials } from "../../../shared/content/testimonials";
import type { Review, ReviewsResponse } from "../../../shared/schemas/reviews";
import { calendarDayText } from "../../platform/studio-clock";

/**
 * Reviews from the business listing (Google Places API, server side with a secret key), cached
 * in KV, with these fallbacks: any upstream failure → the three saved reviews (`cached`);
 * nothing configured → the site's own testimonials (`static`). The browser never
 * calls the listing and never holds a key.
 */

export interface ReviewsConfig {
  apiKey: string | undefined;
  placeId: string | undefined;
  /** Listing API origin; configurable so tests run the real client against a local fake. */
  baseUrl: string;
  timeoutMs: number;
  cacheTtlSeconds: number;
}

export interface ReviewsDeps {
  fetch: typeof fetch;
  kv: KVNamespace | undefined;
  staticReviews: readonly Review[];
  log: (level: "warn" | "error", message: string, fields?: Record<string, unknown>) => void;
}

export const defaultReviewsConfig = {
  baseUrl: "https://places.googleapis.com",
  timeoutMs: 4000,
  cacheTtlSeconds: 6 * 60 * 60,
} as const;

const cacheKey = (placeId: string) => `reviews:live:v1:${placeId}`;

class ReviewsUpstreamError extends Error {}

interface PlaceReview {
  name?: unknown;
  rating?: unknown;
  text?: { text?: unknown } | null;
  originalText?: { text?: unknown } | null;
  authorAttribution?: { displayName?: unknown; photoUri?: unknown } | null;
  publishTime?: unknown;
}

const asString = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value : undefined;

/** Normalises one listing review (id or a random one, 'Anonymous', rating 5, ...). */
export function normaliseReview(raw: PlaceReview): Review {
  const rating = typeof raw.rating === "number" && raw.rating >= 1 && raw.rating <= 5 ? raw.rating : 5;
  const published = asString(raw.publishTime);
  const date =
    published && !Number.isNaN(Date.parse(published))
      ? calendarDayText(new Date(published).toISOString().slice(0, 10), "long")
      : "";
  const photo = asString(raw.authorAttribution?.photoUri);
  return {
    id: asString(raw.name) ?? crypto.randomUUID(),
    author: asString(raw.authorAttribution?.displayName) ?? "Anonymous",
    rating,
    text: asString(raw.text?.text) ?? asString(raw.originalText?.text) ?? "",
    date,
    verified: true,
    profilePhotoUrl: photo?.startsWith("https://") ? photo : null,
  };
}

/** Fetches the listing's reviews; throws ReviewsUpstreamError on any failure or bad shape. */
async function fetchListingReviews(
  config: ReviewsConfig & { apiKey: string; placeId: string },
  doFetch: typeof fetch,
): Promise<Omit<ReviewsResponse, "source">> {
  const url = `${config.baseUrl}/v1/places/${encodeURIComponent(config.placeId)}`;
  let response: Response;
  try {
    response = await doFetch(url, {
      headers: {
        "X-Goog-Api-Key": config.apiKey,
        "X-Goog-FieldMask": "rating,userRatingCount,reviews",
        Accept: "application/json",
      },
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new ReviewsUpstreamError(timedOut ? "listing timed out" : "listing unreachable");
  }
  if (!response.ok) throw new ReviewsUpstreamError(`listing answered ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ReviewsUpstreamError("listing answered malformed JSON");
  }
  if (typeof body !== "object" || body === null) throw new ReviewsUpstreamError("listing answered no object");
  const place = body as { reviews?: unknown; rating?: unknown; userRatingCount?: unknown };
  const rawReviews = Array.isArray(place.reviews) ? (place.reviews as unknown[]) : [];
  const reviews = rawReviews
    .filter((r): r is PlaceReview => typeof r === "object" && r !== null)
    .map(normaliseReview);
  if (reviews.length === 0) throw new ReviewsUpstreamError("listing has no reviews");
  return {
    reviews,
    ...(typeof place.rating === "number" ? { rating: place.rating } : {}),
    ...(typeof place.userRatingCount === "number" ? { total: place.userRatingCount } : {}),
  };
}

/** The reviews to show, with their source. Never throws. */
export async function getReviews(config: ReviewsConfig, deps: ReviewsDeps): Promise<ReviewsResponse> {
  const { apiKey, placeId } = config;
  if (!apiKey || !placeId) return { source: "static", reviews: [...deps.staticReviews] };

  const key = cacheKey(placeId);
  try {
    const cached = await deps.kv?.get<Omit<ReviewsResponse, "source">>(key, "json");
    if (cached?.reviews?.length) return { source: "live", ...cached };
  } catch (error) {
    deps.log("warn", "reviews cache read failed", { error: String(error) });
  }

  try {
    const live = await fetchListingReviews({ ...config, apiKey, placeId }, deps.fetch);
    try {
      await deps.kv?.put(key, JSON.stringify(live), { expirationTtl: config.cacheTtlSeconds });
    } catch (error) {
      deps.log("warn", "reviews cache write failed", { error: String(error) });
    }
    return { source: "live", ...live };
  } catch (error) {
    deps.log("warn", "live reviews unavailable, showing saved reviews", {
      reason: error instanceof Error ? error.message : String(error),
    });
    return { source: "cached", reviews: [...fallbackReviews] };
  }
}

/** The site's own testimonials in the review shape, for source `static`. */
export const staticReviews: readonly Review[] = testimonials.map((t) => ({
  id: t.id,
  author: t.name,
  rating: t.rating,
  text: t.text,
  date: calendarDayText(t.date, "long"),
  verified: true,
  profilePhotoUrl: null,
}));
