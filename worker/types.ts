import type { RequestIdVariables } from "hono/request-id";

/**
 * The worker's environment: bindings come from `wrangler types` (worker-configuration.d.ts,
 * committed and checked in `npm test`); secrets that are optional are declared here.
 */
export type Bindings = Env & {
  /** Business-listing reviews (Google Places API); both unset → the site's own testimonials. */
  GOOGLE_PLACES_API_KEY?: string;
  GOOGLE_PLACE_ID?: string;
  /** Listing API origin override, for a local fake in tests. */
  REVIEWS_API_BASE?: string;
};

export type AppEnv = {
  Bindings: Bindings;
  Variables: RequestIdVariables;
};
