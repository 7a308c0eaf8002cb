import Stripe from "stripe";
import { z } from "../../../shared/schemas/z";
import { studio } from "../../../shared/studio";
import { log } from "../../platform/log";
import {
  applyPaidSession,
  insertPendingDeposit,
  pendingDepositOf,
  recordStripeEvent,
  replacedCheckouts,
  type StripeEventOutcome,
} from "./queries";

/**
 * The deposit through Stripe Checkout (docs/decisions/020-quote-to-healed.md, "Quote and
 * deposit"): the official `stripe` package with its fetch HTTP client and Web Crypto signature
 * check, as Workers have no Node HTTP or crypto module. The amount always comes from the quote
 * stored on the server; nothing the client posts names a price.
 */

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string | null;
  /** Another origin for Stripe's API: the local fake in tests and offline runs. */
  apiBase: URL | null;
}

/** The Stripe settings, or null when no secret key is configured (deposits are then marked by hand). */
export function stripeSettings(env: {
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  STRIPE_API_BASE?: string | undefined;
}): StripeSettings | null {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  if (!secretKey) return null;
  let apiBase: URL | null = null;
  try {
    apiBase = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  } catch {
    apiBase = null;
  }
  return { secretKey, webhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || null, apiBase };
}

function stripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase;
  return new Stripe(settings.secretKey, {
    // Made per call: the fetch client binds the global fetch when it is created.
    httpClient: Stripe.createFetchHttpClient(),
    // A client waiting on the redirect is better told to try again than kept for Stripe's retries.
    maxNetworkRetries: 1,
    timeout: 15_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "http:" ? "80" : "443"),
          protocol: base.protocol === "http:" ? ("http" as const) : ("https" as const),
        }
      : {}),
  });
}

/**
 * Opens a Checkout session for a quote's deposit and records it as pending; the caller sends the
 * client to the returned URL. Stripe hosts the card form; its webhook marks the deposit paid.
 */
export async function openDepositCheckout(
  env: { DB: D1Database },
  settings: StripeSettings,
  input: {
    submissionId: string;
    quoteId: string;
    amountCents: number;
    /** Where Stripe sends the client back: never the status page's address, the secret. */
    returnUrls: { paid: string; cancelled: string };
    now: Date;
  },
): Promise<string> {
  const stripe = stripeClient(settings);
  // A session opened for this quote and still open is reused: a second click, a second tab or a
  // reload never leaves two payable sessions for one deposit.
  const recent = await pendingDepositOf(
    env.DB,
    input.quoteId,
    new Date(input.now.getTime() - reuseSessionHours * 3_600_000).toISOString(),
  );
  if (recent?.stripeSessionId && recent.amountCents === input.amountCents) {
    const open = await stripe.checkout.sessions.retrieve(recent.stripeSessionId);
    if (open.status === "open" && open.url) return open.url;
  }
  const session = await stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: "usd",
          unit_amount: input.amountCents,
          product_data: {
            name: `Deposit for your tattoo at ${studio.name}`,
            description: "Applied to the final price of your tattoo.",
          },
        },
      },
    ],
    client_reference_id: input.submissionId,
    metadata: { submission_id: input.submissionId, quote_id: input.quoteId },
    payment_intent_data: { metadata: { submission_id: input.submissionId, quote_id: input.quoteId } },
    success_url: input.returnUrls.paid,
    cancel_url: input.returnUrls.cancelled,
  });
  if (!session.url) throw new Error("Stripe returned a Checkout session without a URL");
  await insertPendingDeposit(env.DB, {
    id: crypto.randomUUID(),
    submissionId: input.submissionId,
    quoteId: input.quoteId,
    amountCents: input.amountCents,
    stripeSessionId: session.id,
    createdAt: input.now.toISOString(),
  });
  return session.url;
}

/**
 * Closes the payment pages still open for the request's replaced quotes, so an old page cannot
 * take money for a quote that no longer stands. A page Stripe will not close (already paid, or
 * Stripe unreachable) is left to the webhook, which never applies such a payment and tells the
 * artist. Returns how many were closed.
 */
export async function expireReplacedCheckouts(
  env: { DB: D1Database },
  settings: StripeSettings,
  submissionId: string,
): Promise<number> {
  const stripe = stripeClient(settings);
  let expired = 0;
  for (const sessionId of await replacedCheckouts(env.DB, submissionId)) {
    try {
      await stripe.checkout.sessions.expire(sessionId);
      expired++;
    } catch (error) {
      log("warn", "checkout not expired", {
        sessionId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return expired;
}

/** Checkout sessions stay open 24 hours; one younger than this is worth asking Stripe about. */
const reuseSessionHours = 23;

export class BadSignature extends Error {}

/** A delivery whose signature holds but whose event is not one Stripe would send. */
export class MalformedEvent extends Error {}

/**
 * How far ahead of this worker's clock a signature's time may be. Stripe signs at delivery, so
 * a time ahead of ours is clock drift of seconds; a signature dated further ahead would stay
 * inside the five minutes' tolerance for as long as it is ahead, which is what a replay wants.
 */
const clockSkewSeconds = 60;

const stripeId = z.string().min(1).max(255);

/** The part of every event this worker reads. */
const eventShape = z.object({
  id: stripeId,
  type: z.string().min(1).max(255),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** The part of a Checkout session a payment is applied from. */
const paidSessionShape = z.object({
  id: stripeId,
  payment_status: z.string(),
  currency: z.string().nullable(),
  amount_total: z.number().int().nonnegative().safe().nullable(),
});

/** The signature's own time, in seconds (Stripe's header: "t=<seconds>,v1=<hex>,..."). */
function signedAt(header: string): number {
  const stamp = header
    .split(",")
    .map((part) => part.trim())
    .find((part) => part.startsWith("t="));
  return Number(stamp?.slice(2));
}

/**
 * A webhook delivery: its signature checked against the raw body with the endpoint's secret
 * (Stripe's scheme, HMAC-SHA-256 of "t.body", five minutes' tolerance, and never dated more than
 * a minute ahead), its event checked for the fields this worker reads, then applied once.
 * `checkout.session.completed` with a paid session marks its pending deposit paid when the
 * amount is the deposit's; every other event is only recorded.
 */
export async function handleStripeWebhook(
  env: { DB: D1Database },
  webhookSecret: string,
  rawBody: string,
  signature: string,
  now: Date,
): Promise<StripeEventOutcome> {
  let verified: Stripe.Event;
  try {
    verified = await Stripe.webhooks.constructEventAsync(
      rawBody,
      signature,
      webhookSecret,
      undefined,
      Stripe.createSubtleCryptoProvider(),
      now.getTime(),
    );
  } catch (error) {
    throw new BadSignature(error instanceof Error ? error.message : "bad signature");
  }
  if (!(signedAt(signature) * 1000 <= now.getTime() + clockSkewSeconds * 1000)) {
    throw new BadSignature("the signature is dated in the future");
  }
  const event = eventShape.safeParse(verified);
  if (!event.success) throw new MalformedEvent("the event lacks an id, a type or its object");
  const { id, type } = event.data;
  const at = now.toISOString();
  if (type !== "checkout.session.completed" && type !== "checkout.session.async_payment_succeeded") {
    return (await recordStripeEvent(env.DB, { id, type, now: at })) ? "ignored" : "replayed";
  }
  const parsed = paidSessionShape.safeParse(event.data.data.object);
  if (!parsed.success) throw new MalformedEvent("the Checkout session lacks its id, status or amount");
  const session = parsed.data;
  if (session.payment_status !== "paid" || session.currency !== "usd" || session.amount_total === null) {
    return (await recordStripeEvent(env.DB, { id, type, now: at })) ? "ignored" : "replayed";
  }
  const outcome = await applyPaidSession(env.DB, {
    id,
    type,
    sessionId: session.id,
    amountCents: session.amount_total,
    now: at,
  });
  if (outcome === "ignored") {
    // An unknown session, another amount than asked, or a request already paid (a second
    // payment, to be refunded by hand): nothing is marked, and the artist can see it in Stripe.
    log("warn", "stripe event not applied", { eventId: id, sessionId: session.id });
  }
  return outcome;
}

/**
 * The status page's Content-Security-Policy with Stripe's hosted payment page added to its
 * form-action: "Pay the deposit" is a form whose answer redirects there, and browsers hold a
 * form's redirects to form-action too. The local fake serves that page from its own origin.
 */
export function withCheckoutFormAction(policy: string, settings: StripeSettings): string {
  const origin = settings.apiBase ? settings.apiBase.origin : "https://checkout.stripe.com";
  return policy.replace(
    /(^|;\s*)form-action ([^;]*)/,
    (_, lead: string, sources: string) => `${lead}form-action ${sources} ${origin}`,
  );
}
