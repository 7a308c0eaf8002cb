import { createFakeStripe, type FakeStripe } from "../../scripts/lib/fake-stripe.mjs";
import { ORIGIN } from "./admin-support";
import { send } from "./submission-support";
import { routeHostTo } from "./support";

/** Stripe configured against the local fake, as an operator's keys would configure the real one. */
export function fakeStripeEnv(webhookSecret: string) {
  return {
    STRIPE_SECRET_KEY: "sk_test_fake_0123456789",
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: "https://fake-stripe.test",
  };
}

/**
 * A fresh fake of Stripe's API for one test: the worker's `stripe` client reaches it through
 * fetch (the configured host is the fake's), and its webhooks reach the worker's own fetch
 * handler with `stripeEnv`, signed as Stripe signs them. The test restores fetch after it
 * (`vi.restoreAllMocks`).
 */
export function startFakeStripe(stripeEnv: ReturnType<typeof fakeStripeEnv>): FakeStripe {
  const fake = createFakeStripe({
    publicUrl: stripeEnv.STRIPE_API_BASE,
    webhookUrl: `${ORIGIN}/api/stripe/webhook`,
    webhookSecret: stripeEnv.STRIPE_WEBHOOK_SECRET,
    deliver: (request) =>
      send(
        new URL(request.url).pathname,
        { method: "POST", headers: request.headers, body: request.body },
        stripeEnv,
      ),
  });
  routeHostTo(new URL(stripeEnv.STRIPE_API_BASE).hostname, (request) => fake.handle(request));
  return fake;
}

/** A delivery to the webhook as Stripe makes it: the payload with its signature header. */
export const deliverWebhook = (payload: string, signature: string, env: Partial<Env>) =>
  send(
    "/api/stripe/webhook",
    {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      body: payload,
    },
    env,
  );

/** A checkout.session.completed event as Stripe writes it, about `session` as it now stands. */
export const checkoutCompleted = (id: string, session: object) =>
  JSON.stringify({ id, object: "event", type: "checkout.session.completed", data: { object: session } });
