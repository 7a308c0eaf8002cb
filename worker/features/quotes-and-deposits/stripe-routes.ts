import { Hono } from "hono";
import { ApiError } from "../../platform/api-error";
import { waitUntilOf } from "../../platform/wait-until";
import type { AppEnv } from "../../types";
import { deliverDepositMail } from "./mail";
import { BadSignature, handleStripeWebhook, MalformedEvent, stripeSettings } from "./stripe";

/**
 * POST /api/stripe/webhook: Stripe's deliveries (docs/decisions/020-quote-to-healed.md). The body
 * is read raw, as the signature is over its exact bytes; a bad, missing or future-dated signature,
 * or a signed event without the fields it must have, is a 400 and nothing is applied. Each event is applied once: a replay answers 200 and changes nothing, so
 * Stripe stops retrying it. Without a webhook secret the endpoint does not exist.
 */
export const stripeWebhook = new Hono<AppEnv>().post("/webhook", async (c) => {
  const settings = stripeSettings(c.env);
  if (!settings?.webhookSecret) throw new ApiError(404, "No API endpoint at POST /api/stripe/webhook.");
  const signature = c.req.header("Stripe-Signature");
  if (!signature) throw new ApiError(400, "The Stripe-Signature header is missing.");
  const body = await c.req.text();
  try {
    const outcome = await handleStripeWebhook(c.env, settings, body, signature, new Date());
    if (outcome === "applied") waitUntilOf(c)?.(deliverDepositMail(c.env));
    return c.json({ received: true, outcome });
  } catch (error) {
    if (error instanceof BadSignature) throw new ApiError(400, "The webhook signature does not match.");
    // Signed, so from Stripe's account, but not an event this endpoint can read: refused with
    // nothing recorded, where an answer of 500 would have Stripe retry it for three days.
    if (error instanceof MalformedEvent) throw new ApiError(400, "The webhook event is not well formed.");
    throw error;
  }
});
