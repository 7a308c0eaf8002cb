import { z } from "../../../shared/schemas/z";
import { hmacSha256Hex, sameText } from "../../platform/crypto";
import { log } from "../../platform/log";
import { publishedFacts } from "../content/facts";
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
 * deposit"), spoken to directly over Stripe's documented REST API: three calls (open, look up
 * and close a Checkout session) and the webhook's HMAC signature. The official `stripe` package
 * did the same in about a third of the worker's size (docs/decisions/029-lean-worker.md). The
 * amount always comes from the quote stored on the server; nothing the client posts names a price.
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

/** The API version this code was written against: Stripe answers in that version's shapes. */
const stripeApiVersion = "2026-10-28.endive";

/** Stripe answered with an error, or could not be reached. */
class StripeError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/**
 * Stripe's form encoding of nested parameters: `line_items[0][price_data][currency]=usd`.
 * Undefined values are left out.
 */
function stripeForm(params: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  const add = (name: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) add(`${name}[${i}]`, item);
    } else if (typeof value === "object")
      for (const [key, inner] of Object.entries(value)) add(`${name}[${key}]`, inner);
    else form.append(name, String(value));
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return form;
}

/** The part of a Checkout session this worker reads from Stripe's answers. */
const checkoutSession = z.object({
  id: z.string().min(1).max(255),
  status: z.string().nullable().optional(),
  url: z.string().nullable().optional(),
});

/**
 * One call to Stripe's API. A POST carries an idempotency key, so the one retry after a dropped
 * connection or a 5xx cannot open a second session; a client waiting on the redirect is better
 * told to try again than kept for longer retries.
 */
async function stripeCall(
  settings: StripeSettings,
  method: "GET" | "POST",
  path: string,
  params?: Record<string, unknown>,
): Promise<z.infer<typeof checkoutSession>> {
  const url = new URL(path, settings.apiBase ?? "https://api.stripe.com");
  const headers: Record<string, string> = {
    Authorization: `Bearer ${settings.secretKey}`,
    "Stripe-Version": stripeApiVersion,
  };
  if (method === "POST") {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    headers["Idempotency-Key"] = crypto.randomUUID();
  }
  const body = method === "POST" ? stripeForm(params ?? {}).toString() : undefined;
  let failure: StripeError | null = null;
  for (let attempt = 0; attempt < 2; attempt++) {
    let response: Response;
    try {
      response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(15_000) });
    } catch (error) {
      failure = new StripeError(
        `Stripe could not be reached: ${error instanceof Error ? error.message : error}`,
        null,
      );
      continue;
    }
    const answer: unknown = await response.json().catch(() => null);
    if (response.ok) {
      const parsed = checkoutSession.safeParse(answer);
      if (!parsed.success)
        throw new StripeError("Stripe answered without a Checkout session", response.status);
      return parsed.data;
    }
    const message =
      (answer as { error?: { message?: unknown } } | null)?.error?.message ??
      `Stripe answered ${response.status}`;
    failure = new StripeError(String(message), response.status);
    if (response.status < 500 && response.status !== 429) break;
  }
  throw failure ?? new StripeError("Stripe could not be reached", null);
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
  // A session opened for this quote and still open is reused: a second click, a second tab or a
  // reload never leaves two payable sessions for one deposit.
  const recent = await pendingDepositOf(
    env.DB,
    input.quoteId,
    new Date(input.now.getTime() - reuseSessionHours * 3_600_000).toISOString(),
  );
  if (recent?.stripeSessionId && recent.amountCents === input.amountCents) {
    const open = await stripeCall(
      settings,
      "GET",
      `/v1/checkout/sessions/${encodeURIComponent(recent.stripeSessionId)}`,
    );
    if (open.status === "open" && open.url) return open.url;
  }
  const session = await stripeCall(settings, "POST", "/v1/checkout/sessions", {
    mode: "payment",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: "usd",
          unit_amount: input.amountCents,
          product_data: {
            name: `Deposit for your tattoo at ${(await publishedFacts(env)).studio.name}`,
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
  if (!session.url) throw new StripeError("Stripe returned a Checkout session without a URL", null);
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
  let expired = 0;
  for (const sessionId of await replacedCheckouts(env.DB, submissionId)) {
    try {
      await stripeCall(settings, "POST", `/v1/checkout/sessions/${encodeURIComponent(sessionId)}/expire`);
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

/** How old a signature may be: Stripe's own libraries allow five minutes. */
const toleranceSeconds = 300;

/**
 * Checks Stripe's `Stripe-Signature` header ("t=<seconds>,v1=<hex>,...") against the raw body:
 * one of its v1 values must be the HMAC-SHA-256 of "<t>.<body>" under the endpoint's secret,
 * compared in constant time, and t no older than the tolerance nor further ahead than the skew.
 */
async function verifySignature(rawBody: string, header: string, secret: string, now: Date): Promise<void> {
  const parts = header.split(",").map((part) => part.trim().split("="));
  const stamp = parts.find(([name]) => name === "t")?.[1] ?? "";
  const given = parts.filter(([name, value]) => name === "v1" && value).map(([, value]) => value as string);
  if (!/^\d{1,12}$/.test(stamp) || given.length === 0) throw new BadSignature("no timestamp or v1 signature");
  const expected = await hmacSha256Hex(secret, `${stamp}.${rawBody}`);
  if (!given.some((value) => sameText(value, expected))) throw new BadSignature("no signature matches");
  const age = now.getTime() / 1000 - Number(stamp);
  if (age > toleranceSeconds) throw new BadSignature("the signature is too old");
  if (age < -clockSkewSeconds) throw new BadSignature("the signature is dated in the future");
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
  await verifySignature(rawBody, signature, webhookSecret, now);
  let verified: unknown;
  try {
    verified = JSON.parse(rawBody);
  } catch {
    throw new MalformedEvent("the event is not JSON");
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
