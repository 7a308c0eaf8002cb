/*
 * The optional secrets, beside the bindings that `wrangler types` writes into
 * worker-configuration.d.ts. wrangler types only what wrangler.toml declares, and it declares the
 * four secrets the worker needs (`secrets.required` of the production environment, which deploy
 * enforces); these turn features on when set (Configuration in the README) and are absent
 * otherwise, so each is optional here.
 */
interface OptionalSecrets {
  TURNSTILE_SECRET_KEY?: string;
  MAIL_API_KEY?: string;
  PAGESPEED_API_KEY?: string;
  GSC_SERVICE_ACCOUNT_JSON?: string;
  GSC_PROPERTY?: string;
  GOOGLE_PLACES_API_KEY?: string;
  GOOGLE_PLACE_ID?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  VAPID_PRIVATE_KEY?: string;
  SMS_AUTH_TOKEN?: string;
}

interface Env extends OptionalSecrets {}

declare namespace Cloudflare {
  interface Env extends OptionalSecrets {}
}
