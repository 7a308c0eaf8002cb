import type { RequestIdVariables } from "hono/request-id";

/**
 * The worker's environment: bindings come from `wrangler types` (worker-configuration.d.ts,
 * committed and checked in `npm test`); secrets that are optional are declared here.
 */
export type Bindings = Env & {
  /** Listing API origin override, for a local fake in tests. */
  REVIEWS_API_BASE?: string;
  /** Stripe API origin override, for the local fake in tests and offline runs. */
  STRIPE_API_BASE?: string;
  /** "on": a card on file is asked for at booking and charged for no-shows (decision 038). */
  STRIPE_CARD_ON_FILE?: string;
  /** The text provider's API origin (Twilio's by default), for the local fake in tests and offline runs. */
  SMS_API_BASE?: string;
  /** Measurement rows one address may add per day; 200 when unset (worker/features/measurements/caps.ts). */
  MEASUREMENT_DAILY_ROWS?: string;
  /** Release-form keys retired by a rotation, base64, comma-separated: what they sealed still opens. */
  RELEASE_FORM_PREVIOUS_KEYS?: string;
};

export type AppEnv = {
  Bindings: Bindings;
  Variables: RequestIdVariables;
};
