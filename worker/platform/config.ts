import type { PaymentSetup } from "../../shared/payment-methods";

/**
 * Typed reading of the submission settings in wrangler.toml [vars] (README, "Forms, outbox and
 * notifications"). A missing or malformed value falls back to the default, so a typo can never
 * switch a defence off.
 */

function positiveInt(
  value: string | undefined,
  fallback: number,
  { min = 1, max = Number.MAX_SAFE_INTEGER } = {},
) {
  const parsed = Number.parseInt(value ?? "", 10);
  if (!Number.isFinite(parsed) || parsed < min) return fallback;
  return Math.min(parsed, max);
}

/**
 * How this deployment takes payment, which every deposit and payment word follows
 * (shared/payment-methods.ts): deposits by card when Stripe is configured, as the request's
 * status page offers them (worker/features/quotes-and-deposits/stripe.ts, the same test). A card
 * is kept on file only when the operator turns it on (`STRIPE_CARD_ON_FILE=on`) and Stripe can
 * both be called and report the saved card (the webhook's secret): only then is the policy stated
 * and a card asked for at booking (docs/decisions/038-card-on-file.md).
 */
export function paymentSetupOf(env: {
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  STRIPE_CARD_ON_FILE?: string | undefined;
}): PaymentSetup {
  const cardDeposits = Boolean(env.STRIPE_SECRET_KEY?.trim());
  const cardOnFile =
    cardDeposits && Boolean(env.STRIPE_WEBHOOK_SECRET?.trim()) && env.STRIPE_CARD_ON_FILE?.trim() === "on";
  return { cardDeposits, cardOnFile };
}

/** A short mark of a payment setup for the keys of pages rendered with it ("" for cash only). */
export const paymentSetupKey = (setup: PaymentSetup) =>
  `${setup.cardDeposits ? "-card" : ""}${setup.cardOnFile ? "-cof" : ""}`;

export interface SubmissionSettings {
  rateLimitMax: number;
  rateLimitWindowSeconds: number;
  minFillMs: number;
  turnstileSecret: string | null;
  turnstileSiteKey: string | null;
  bookingWidgetUrl: string | null;
}

export function submissionSettings(env: Env): SubmissionSettings {
  return {
    rateLimitMax: positiveInt(env.RATE_LIMIT_MAX, 10),
    rateLimitWindowSeconds: positiveInt(env.RATE_LIMIT_WINDOW_SECONDS, 600, { max: 86_400 }),
    minFillMs: positiveInt(env.MIN_FILL_MS, 3000, { min: 0, max: 60_000 }),
    turnstileSecret: env.TURNSTILE_SECRET_KEY?.trim() || null,
    turnstileSiteKey: env.TURNSTILE_SITE_KEY?.trim() || null,
    bookingWidgetUrl: safeHttpUrl(env.BOOKING_WIDGET_URL),
  };
}

export interface MailSettings {
  provider: "cloudflare" | "http" | "log";
  from: string;
  to: string;
  apiUrl: string;
  apiKey: string | null;
  maxAttempts: number;
  retryBaseSeconds: number;
  siteUrl: string;
  production: boolean;
}

export function mailSettings(env: Env): MailSettings {
  const provider =
    env.MAIL_PROVIDER === "http" || env.MAIL_PROVIDER === "log" ? env.MAIL_PROVIDER : "cloudflare";
  return {
    provider,
    from: env.MAIL_FROM || "notifications@localhost",
    to: env.MAIL_TO || "studio@localhost",
    apiUrl: env.MAIL_API_URL || "https://api.resend.com/emails",
    apiKey: env.MAIL_API_KEY?.trim() || null,
    maxAttempts: positiveInt(env.MAIL_MAX_ATTEMPTS, 8, { max: 50 }),
    retryBaseSeconds: positiveInt(env.MAIL_RETRY_BASE_SECONDS, 300, { max: 86_400 }),
    siteUrl: env.SITE_URL || "http://localhost:8787",
    production: env.ENVIRONMENT === "production",
  };
}

/** Only http(s) links leave the configuration for the browser. */
function safeHttpUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}
