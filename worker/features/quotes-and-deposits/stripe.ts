import { z } from "../../../shared/schemas/z";
import { hmacSha256Hex, sameText } from "../../platform/crypto";
import { log } from "../../platform/log";
import { publishedFacts } from "../content/facts";
import {
  applySavedCard,
  cardSetupById,
  cardSetupBySession,
  customerOf,
  insertCardSetup,
  pendingCardSetupOf,
} from "./card-queries";
import {
  applyPaidSession,
  insertPendingDeposit,
  pendingDepositOf,
  recordStripeEvent,
  replacedCheckouts,
  type StripeEventOutcome,
  stripeEventSeen,
} from "./queries";

/**
 * The deposit through Stripe Checkout (docs/decisions/020-quote-to-healed.md, "Quote and
 * deposit"), spoken to directly over Stripe's documented REST API: three calls (open, look up
 * and close a Checkout session) and the webhook's HMAC signature. The official `stripe` package
 * did the same in about a third of the worker's size (docs/decisions/029-lean-worker.md). The
 * amount always comes from the quote stored on the server; nothing the client posts names a price.
 */

/** Where Stripe's page sends the client back: when done (paid, card saved), or when they cancel. */
export interface StripeReturnUrls {
  done: string;
  cancelled: string;
}

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

/** Stripe answered with an error, or could not be reached (`status` null). */
export class StripeError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** Stripe's own error code ("card_declined", "authentication_required"...), when it gave one. */
    readonly code: string | null = null,
    /** The PaymentIntent a refused charge left behind, when there is one. */
    readonly paymentIntentId: string | null = null,
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

/** The part of Stripe's error answers this worker reads. */
const errorShape = z.object({
  error: z.object({
    message: z.string().optional(),
    code: z.string().optional(),
    decline_code: z.string().optional(),
    payment_intent: z.object({ id: z.string() }).partial().nullable().optional(),
  }),
});

/**
 * One call to Stripe's API. A POST carries an idempotency key (the caller's, or a fresh one), so
 * the one retry after a dropped connection or a 5xx cannot do the thing twice; a client waiting on
 * the redirect is better told to try again than kept for longer retries.
 */
async function stripeCall<T extends z.ZodType>(
  settings: StripeSettings,
  method: "GET" | "POST",
  path: string,
  shape: T,
  params?: Record<string, unknown>,
  idempotencyKey?: string,
): Promise<z.infer<T>> {
  const url = new URL(path, settings.apiBase ?? "https://api.stripe.com");
  if (method === "GET" && params)
    for (const [name, value] of stripeForm(params)) url.searchParams.append(name, value);
  const headers: Record<string, string> = {
    Authorization: `Bearer ${settings.secretKey}`,
    "Stripe-Version": stripeApiVersion,
  };
  if (method === "POST") {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    headers["Idempotency-Key"] = idempotencyKey ?? crypto.randomUUID();
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
      const parsed = shape.safeParse(answer);
      if (!parsed.success)
        throw new StripeError("Stripe answered in a shape this worker cannot read", response.status);
      return parsed.data;
    }
    const error = errorShape.safeParse(answer);
    const detail = error.success ? error.data.error : null;
    failure = new StripeError(
      detail?.message ?? `Stripe answered ${response.status}`,
      response.status,
      detail?.decline_code ?? detail?.code ?? null,
      detail?.payment_intent?.id ?? null,
    );
    if (response.status < 500 && response.status !== 429) break;
  }
  throw failure ?? new StripeError("Stripe could not be reached", null);
}

/**
 * The address of the Checkout session `opened` finds (given when the reuse window began), while
 * Stripe still takes it; otherwise null. Reusing it means a second click, a second tab or a
 * reload never leaves two payable sessions for one thing.
 */
async function reusableCheckout(
  settings: StripeSettings,
  now: Date,
  opened: (since: string) => Promise<string | null | undefined>,
): Promise<string | null> {
  const sessionId = await opened(new Date(now.getTime() - reuseSessionHours * 3_600_000).toISOString());
  if (!sessionId) return null;
  const open = await stripeCall(
    settings,
    "GET",
    `/v1/checkout/sessions/${encodeURIComponent(sessionId)}`,
    checkoutSession,
  );
  return open.status === "open" && open.url ? open.url : null;
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
    returnUrls: StripeReturnUrls;
    now: Date;
  },
): Promise<string> {
  // A session opened for this quote's deposit, for the same amount, and still open is reused.
  const reused = await reusableCheckout(settings, input.now, async (since) => {
    const recent = await pendingDepositOf(env.DB, input.quoteId, since);
    return recent?.amountCents === input.amountCents ? recent.stripeSessionId : null;
  });
  if (reused) return reused;
  const session = await stripeCall(settings, "POST", "/v1/checkout/sessions", checkoutSession, {
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
    success_url: input.returnUrls.done,
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
      await stripeCall(
        settings,
        "POST",
        `/v1/checkout/sessions/${encodeURIComponent(sessionId)}/expire`,
        checkoutSession,
      );
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
 * amount is the deposit's; a setup-mode session (or `setup_intent.succeeded`) saves the client's
 * card on file; every other event is only recorded.
 */
export async function handleStripeWebhook(
  env: { DB: D1Database },
  settings: StripeSettings,
  rawBody: string,
  signature: string,
  now: Date,
): Promise<StripeEventOutcome> {
  if (!settings.webhookSecret) throw new BadSignature("no webhook secret is configured");
  await verifySignature(rawBody, signature, settings.webhookSecret, now);
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
  const object = event.data.data.object;
  if (
    (type === "checkout.session.completed" && object.mode === "setup") ||
    type === "setup_intent.succeeded"
  ) {
    return applyCardEvent(env, settings, { id, type, object, now: at });
  }
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

/*
 * The card on file (docs/decisions/038-card-on-file.md): a Stripe Customer per request, a
 * setup-mode Checkout session that saves a card to it on Stripe's own page, and off-session
 * charges of the no-show and late-cancellation fees. What the studio keeps of the card is
 * Stripe's ids and what the client knows it by: brand, last four digits and expiry.
 */

const customerShape = z.object({ id: stripeId });

/** The part of a PaymentMethod this worker keeps. */
const paymentMethodShape = z.object({
  id: stripeId,
  card: z
    .object({
      brand: z.string().max(40),
      last4: z.string().regex(/^\d{4}$/),
      exp_month: z.number().int().min(1).max(12),
      exp_year: z.number().int().min(2000).max(9999),
    })
    .nullable()
    .optional(),
});
type CardDetails = {
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
};

const setupIntentShape = z.object({
  id: stripeId,
  status: z.string(),
  payment_method: z.union([stripeId, paymentMethodShape]).nullable(),
});

function cardOf(method: z.infer<typeof paymentMethodShape>): CardDetails | null {
  if (!method.card) return null;
  const { brand, last4, exp_month: expMonth, exp_year: expYear } = method.card;
  return { paymentMethodId: method.id, brand, last4, expMonth, expYear };
}

/**
 * Opens a setup-mode Checkout session that saves a card for the request's sessions, on Stripe's
 * page, under the request's Customer (made on the first setup, with an idempotency key of the
 * request so two clicks make one). Returns the URL to send the client to.
 */
export async function openCardSetup(
  env: { DB: D1Database },
  settings: StripeSettings,
  input: {
    submissionId: string;
    name: string;
    email: string;
    returnUrls: StripeReturnUrls;
    now: Date;
  },
): Promise<string> {
  const reused = await reusableCheckout(
    settings,
    input.now,
    async (since) => (await pendingCardSetupOf(env.DB, input.submissionId, since))?.stripeSessionId,
  );
  if (reused) return reused;
  const customer =
    (await customerOf(env.DB, input.submissionId)) ??
    (
      await stripeCall(
        settings,
        "POST",
        "/v1/customers",
        customerShape,
        { name: input.name, email: input.email, metadata: { submission_id: input.submissionId } },
        `customer-${input.submissionId}`,
      )
    ).id;
  const id = crypto.randomUUID();
  const metadata = { submission_id: input.submissionId, saved_card_id: id };
  const session = await stripeCall(settings, "POST", "/v1/checkout/sessions", checkoutSession, {
    mode: "setup",
    currency: "usd",
    customer,
    payment_method_types: ["card"],
    client_reference_id: input.submissionId,
    metadata,
    setup_intent_data: {
      metadata,
      description: `Card on file at ${(await publishedFacts(env)).studio.name}`,
    },
    success_url: input.returnUrls.done,
    cancel_url: input.returnUrls.cancelled,
  });
  if (!session.url) throw new StripeError("Stripe returned a Checkout session without a URL", null);
  await insertCardSetup(env.DB, {
    id,
    submissionId: input.submissionId,
    stripeCustomerId: customer,
    stripeSessionId: session.id,
    createdAt: input.now.toISOString(),
  });
  return session.url;
}

/** The setup-mode session's fields a saved card is read from. */
const setupSessionShape = z.object({ id: stripeId, setup_intent: stripeId.nullable() });
/** The SetupIntent event's fields. */
const setupIntentEventShape = z.object({
  id: stripeId,
  payment_method: stripeId.nullable(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
});

/**
 * A card saved on Stripe's page, reported by `checkout.session.completed` (setup mode) or
 * `setup_intent.succeeded`, whichever comes first: the card's details are asked of Stripe (the
 * event names only ids), then the event id and the card are written in one batch, so a replay
 * changes nothing. A session or intent the studio did not open is recorded and ignored.
 */
async function applyCardEvent(
  env: { DB: D1Database },
  settings: StripeSettings,
  event: { id: string; type: string; object: Record<string, unknown>; now: string },
): Promise<StripeEventOutcome> {
  if (await stripeEventSeen(env.DB, event.id)) return "replayed";
  const ignore = async () =>
    (await recordStripeEvent(env.DB, { id: event.id, type: event.type, now: event.now }))
      ? "ignored"
      : "replayed";
  let setup: Awaited<ReturnType<typeof cardSetupById>>;
  let card: CardDetails | null;
  if (event.type === "setup_intent.succeeded") {
    const parsed = setupIntentEventShape.safeParse(event.object);
    if (!parsed.success) throw new MalformedEvent("the SetupIntent lacks its id or payment method");
    setup = await cardSetupById(env.DB, parsed.data.metadata?.saved_card_id ?? "");
    if (!setup || !parsed.data.payment_method) return ignore();
    card = cardOf(
      await stripeCall(
        settings,
        "GET",
        `/v1/payment_methods/${encodeURIComponent(parsed.data.payment_method)}`,
        paymentMethodShape,
      ),
    );
  } else {
    const parsed = setupSessionShape.safeParse(event.object);
    if (!parsed.success) throw new MalformedEvent("the Checkout session lacks its id or SetupIntent");
    setup = await cardSetupBySession(env.DB, parsed.data.id);
    if (!setup || !parsed.data.setup_intent) return ignore();
    const intent = await stripeCall(
      settings,
      "GET",
      `/v1/setup_intents/${encodeURIComponent(parsed.data.setup_intent)}`,
      setupIntentShape,
      { expand: ["payment_method"] },
    );
    if (intent.status !== "succeeded" || !intent.payment_method) return ignore();
    card = cardOf(
      typeof intent.payment_method === "string"
        ? await stripeCall(
            settings,
            "GET",
            `/v1/payment_methods/${encodeURIComponent(intent.payment_method)}`,
            paymentMethodShape,
          )
        : intent.payment_method,
    );
  }
  if (!card) {
    log("warn", "saved payment method is not a card", { eventId: event.id, setupId: setup.id });
    return ignore();
  }
  return applySavedCard(env.DB, {
    eventId: event.id,
    type: event.type,
    setupId: setup.id,
    card,
    now: event.now,
  });
}

const paymentIntentShape = z.object({ id: stripeId, status: z.string() });

/**
 * Charges a fee to the card on file while the client is away (off_session, confirmed at once).
 * The idempotency key is the caller's: the same attempt asked twice is charged once. A decline or
 * a bank asking for the client's authentication is a StripeError with Stripe's code and reason.
 */
export async function chargeCardOnFile(
  settings: StripeSettings,
  input: {
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  },
): Promise<{ paymentIntentId: string }> {
  const intent = await stripeCall(
    settings,
    "POST",
    "/v1/payment_intents",
    paymentIntentShape,
    {
      amount: input.amountCents,
      currency: "usd",
      customer: input.customerId,
      payment_method: input.paymentMethodId,
      off_session: true,
      confirm: true,
      description: input.description,
      metadata: input.metadata,
    },
    input.idempotencyKey,
  );
  if (intent.status !== "succeeded")
    throw new StripeError(
      `The payment is ${intent.status.replaceAll("_", " ")}, not completed`,
      402,
      intent.status,
      intent.id,
    );
  return { paymentIntentId: intent.id };
}
