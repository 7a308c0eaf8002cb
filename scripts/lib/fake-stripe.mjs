// A local fake of the part of Stripe's API the studio uses: Checkout sessions (payment mode for
// the deposit, setup mode for the card on file), a hosted "payment page" and "save a card" page,
// Customers, SetupIntents, PaymentMethods, off-session PaymentIntents (with Stripe's test cards
// that decline or ask for authentication), idempotency keys as Stripe honours them, and the
// signed webhooks Stripe sends (`checkout.session.completed`, `setup_intent.succeeded`).
// Web APIs only (Request, Response, Web Crypto), so the same fake serves the worker tests inside
// workerd (through a fetch stand-in) and, wrapped in a Node HTTP server (scripts/fake-stripe.mjs),
// the browser tests and offline runs. The worker's real `stripe` client is what talks to it.

import { hmac } from "./hmac.mjs";

/**
 * The `Stripe-Signature` header Stripe sends with a webhook: `t=<unix seconds>,v1=<hex HMAC-SHA-256
 * of "<t>.<payload>" keyed with the endpoint's signing secret>`.
 * @param {string} payload
 * @param {string} secret
 * @param {number} [timestamp]
 */
export async function stripeSignature(payload, secret, timestamp = Math.floor(Date.now() / 1000)) {
  const mac = await hmac("SHA-256", secret, `${timestamp}.${payload}`);
  const hex = Array.from(mac, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `t=${timestamp},v1=${hex}`;
}

/** Stripe's form encoding (`a[b][0][c]=1`) read back into nested objects and arrays. */
function parseForm(text) {
  const root = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const keys = name.split(/\[|\]\[|\]/).filter(Boolean);
    let node = root;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) node[key] = value;
      else node = node[key] ??= /^\d+$/.test(keys[i + 1] ?? "") ? [] : {};
    });
  }
  return root;
}

const json = (status, body) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const stripeError = (status, message) => json(status, { error: { type: "invalid_request_error", message } });

const randomId = (prefix) =>
  `${prefix}_test_${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("")}`;

const escapeText = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch],
  );

/**
 * Stripe's test cards the fake knows, by last four: one that charges, one that saves but is
 * declined when charged (Stripe's 4000 0000 0000 0341), and one whose bank asks for the
 * client's authentication on every charge (4000 0025 0000 3155), so off-session ones fail.
 */
const testCards = {
  4242: { brand: "visa", label: "Visa ending 4242 (charges)" },
  "0341": {
    brand: "visa",
    label: "Visa ending 0341 (saves, declined when charged)",
    refusal: { code: "card_declined", decline: "generic_decline", message: "Your card was declined." },
  },
  3155: {
    brand: "visa",
    label: "Visa ending 3155 (asks for authentication)",
    refusal: {
      code: "authentication_required",
      message: "Your card was declined. This transaction requires authentication.",
    },
  },
};

/**
 * @param {{
 *   publicUrl: string,
 *   webhookUrl: string,
 *   webhookSecret: string,
 *   deliver?: (request: Request) => Promise<Response>,
 * }} options
 *   publicUrl: where the fake is reached (its hosted pages' links); webhookUrl: the worker's
 *   webhook endpoint; deliver: how a webhook is sent (fetch by default).
 */
export function createFakeStripe({
  publicUrl,
  webhookUrl,
  webhookSecret,
  deliver = (request) => fetch(request),
}) {
  /** @type {Map<string, Record<string, any>>} */
  const sessions = new Map();
  /** @type {Map<string, Record<string, any>>} */
  const customers = new Map();
  /** @type {Map<string, Record<string, any>>} */
  const setupIntents = new Map();
  /** @type {Map<string, Record<string, any>>} */
  const paymentMethods = new Map();
  /** Every off-session PaymentIntent asked for, charged or refused. @type {Map<string, Record<string, any>>} */
  const paymentIntents = new Map();
  /** Stripe answers a repeated idempotency key with the first answer: key -> [status, body]. */
  const idempotent = new Map();
  /** Every request the fake answered on its API, for tests to look at. */
  const calls = [];
  /** Every webhook it delivered and the worker's answer's status. */
  const deliveries = [];

  async function sendEvent(session, type = "checkout.session.completed") {
    const event = {
      id: randomId("evt"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: session },
    };
    const payload = JSON.stringify(event);
    const response = await deliver(
      new Request(webhookUrl, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Stripe-Signature": await stripeSignature(payload, webhookSecret),
        },
        body: payload,
      }),
    );
    deliveries.push({ event, payload, status: response.status });
    return { event, payload, status: response.status };
  }

  /** Pays an open session as a client on the hosted page would, then sends its webhook. */
  async function pay(id) {
    const session = sessions.get(id);
    if (!session) throw new Error(`no session ${id}`);
    session.status = "complete";
    session.payment_status = "paid";
    session.payment_intent = randomId("pi");
    return sendEvent(session);
  }

  /**
   * Saves a card on an open setup-mode session as a client on the hosted page would: the card
   * (one of Stripe's test cards by its last four) becomes a PaymentMethod of the session's
   * Customer, then both of Stripe's webhooks go out. Returns the session's delivery.
   */
  async function saveCard(id, last4 = "4242") {
    const session = sessions.get(id);
    if (session?.mode !== "setup") throw new Error(`no setup session ${id}`);
    const card = testCards[last4] ?? testCards["4242"];
    const method = {
      id: randomId("pm"),
      object: "payment_method",
      type: "card",
      customer: session.customer,
      card: {
        brand: card.brand,
        last4,
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        funding: "credit",
      },
    };
    paymentMethods.set(method.id, method);
    const intent = setupIntents.get(session.setup_intent);
    intent.status = "succeeded";
    intent.payment_method = method.id;
    session.status = "complete";
    const delivery = await sendEvent(session);
    await sendEvent(intent, "setup_intent.succeeded");
    return delivery;
  }

  function setupPage(session) {
    // The card that charges first and chosen (object keys of digits list in numeric order).
    const choices = ["4242", "0341", "3155"]
      .map(
        (last4) =>
          `<label style="display:block;margin:.5rem 0"><input type="radio" name="card" value="${last4}"${last4 === "4242" ? " checked" : ""}> ${escapeText(testCards[last4].label)}</label>`,
      )
      .join("");
    return new Response(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Fake Stripe Checkout: save a card</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button,a{display:inline-block;min-height:44px;padding:.6rem 1.2rem;font:inherit}button{background:#635bff;color:#fff;border:0;border-radius:6px}fieldset{border:1px solid #ccc;border-radius:6px}</style></head>
<body><p>Local fake of Stripe Checkout: no card, no money.</p><h1>Save a card</h1>
<form method="post" action="/setup/${escapeText(session.id)}"><fieldset><legend>Test card</legend>${choices}</fieldset><p><button type="submit">Save card</button></p></form>
<p><a href="${escapeText(session.cancel_url)}">Cancel and go back</a></p></body></html>`,
      { headers: { "Content-Type": "text/html; charset=utf-8" } },
    );
  }

  function payPage(session) {
    const amount = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: session.currency.toUpperCase(),
    }).format(session.amount_total / 100);
    return new Response(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Fake Stripe Checkout</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button,a{display:inline-block;min-height:44px;padding:.6rem 1.2rem;font:inherit}button{background:#635bff;color:#fff;border:0;border-radius:6px}</style></head>
<body><p>Local fake of Stripe Checkout: no card, no money.</p><h1>Pay ${escapeText(amount)}</h1><p>${escapeText(session.line_items?.[0]?.price_data?.product_data?.name ?? "")}</p>
<form method="post" action="/pay/${escapeText(session.id)}"><button type="submit">Pay ${escapeText(amount)}</button></form>
<p><a href="${escapeText(session.cancel_url)}">Cancel and go back</a></p></body></html>`,
      { headers: { "Content-Type": "text/html; charset=utf-8" } },
    );
  }

  function createSetupSession(form) {
    if (!form.customer || !customers.has(form.customer)) return stripeError(400, "No such customer");
    if (!form.success_url || !form.cancel_url) return stripeError(400, "Missing success_url or cancel_url.");
    const id = randomId("cs");
    const intent = {
      id: randomId("seti"),
      object: "setup_intent",
      status: "requires_payment_method",
      customer: form.customer,
      payment_method: null,
      usage: "off_session",
      metadata: form.setup_intent_data?.metadata ?? {},
    };
    setupIntents.set(intent.id, intent);
    const session = {
      id,
      object: "checkout.session",
      mode: "setup",
      status: "open",
      payment_status: "no_payment_required",
      amount_total: null,
      currency: form.currency ?? null,
      customer: form.customer,
      setup_intent: intent.id,
      client_reference_id: form.client_reference_id ?? null,
      metadata: form.metadata ?? {},
      success_url: form.success_url,
      cancel_url: form.cancel_url,
      url: new URL(`/setup/${id}`, publicUrl).toString(),
      livemode: false,
    };
    sessions.set(id, session);
    return json(200, session);
  }

  /** An off-session charge as Stripe confirms one: the test card decides how it ends. */
  function chargeOffSession(form) {
    const amount = Number(form.amount);
    if (!Number.isInteger(amount) || amount < 50) return stripeError(400, "Invalid amount.");
    if (form.off_session !== "true" || form.confirm !== "true")
      return stripeError(400, "This fake charges only off_session=true, confirm=true.");
    const pm = paymentMethods.get(form.payment_method ?? "");
    if (!pm) return stripeError(400, `No such PaymentMethod: '${form.payment_method}'`);
    if (pm.customer !== form.customer)
      return stripeError(400, "The provided PaymentMethod does not belong to the Customer.");
    const intent = {
      id: randomId("pi"),
      object: "payment_intent",
      amount,
      currency: form.currency ?? "usd",
      customer: form.customer,
      payment_method: pm.id,
      description: form.description ?? null,
      metadata: form.metadata ?? {},
      status: "succeeded",
    };
    paymentIntents.set(intent.id, intent);
    const refusal = testCards[pm.card.last4]?.refusal;
    if (refusal) {
      intent.status = "requires_payment_method";
      return json(402, {
        error: {
          type: "card_error",
          code: refusal.code,
          ...(refusal.decline ? { decline_code: refusal.decline } : {}),
          message: refusal.message,
          payment_intent: intent,
        },
      });
    }
    return json(200, intent);
  }

  /** @param {Request} request */
  async function handle(request) {
    const key = request.method === "POST" ? request.headers.get("Idempotency-Key") : null;
    const known = key ? idempotent.get(`${new URL(request.url).pathname} ${key}`) : undefined;
    if (known) {
      calls.push({
        method: request.method,
        path: new URL(request.url).pathname,
        headers: Object.fromEntries(request.headers),
        replayed: true,
      });
      return json(known[0], known[1]);
    }
    const response = await answer(request);
    if (key && new URL(request.url).pathname.startsWith("/v1/") && response.status < 500) {
      idempotent.set(`${new URL(request.url).pathname} ${key}`, [
        response.status,
        await response.clone().json(),
      ]);
    }
    return response;
  }

  /** @param {Request} request */
  async function answer(request) {
    const url = new URL(request.url);
    const path = url.pathname;
    if (path.startsWith("/v1/")) {
      calls.push({ method: request.method, path, headers: Object.fromEntries(request.headers) });
      if (!/^Bearer sk_(test|live)_\S+$/.test(request.headers.get("Authorization") ?? "")) {
        return json(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided." } });
      }
    }
    if (request.method === "POST" && path === "/v1/checkout/sessions") {
      const form = parseForm(await request.text());
      calls.at(-1).form = form;
      if (form.mode === "setup") return createSetupSession(form);
      const item = form.line_items?.[0];
      const amount = Number(item?.price_data?.unit_amount);
      if (form.mode !== "payment") return stripeError(400, "Missing required param: mode.");
      if (!Number.isInteger(amount) || amount < 50) return stripeError(400, "Invalid unit_amount.");
      if (!form.success_url || !form.cancel_url)
        return stripeError(400, "Missing success_url or cancel_url.");
      const id = randomId("cs");
      const session = {
        id,
        object: "checkout.session",
        mode: "payment",
        status: "open",
        payment_status: "unpaid",
        amount_total: amount * Number(item.quantity ?? 1),
        currency: item.price_data.currency ?? "usd",
        client_reference_id: form.client_reference_id ?? null,
        metadata: form.metadata ?? {},
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        url: new URL(`/pay/${id}`, publicUrl).toString(),
        line_items: form.line_items,
        livemode: false,
      };
      sessions.set(id, session);
      const { line_items: _omitted, ...answer } = session;
      return json(200, answer);
    }
    if (request.method === "POST" && path === "/v1/customers") {
      const form = parseForm(await request.text());
      calls.at(-1).form = form;
      const customer = {
        id: randomId("cus"),
        object: "customer",
        name: form.name ?? null,
        email: form.email ?? null,
        metadata: form.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return json(200, customer);
    }
    const setupIntent = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
    if (request.method === "GET" && setupIntent) {
      const intent = setupIntents.get(setupIntent[1]);
      if (!intent) return stripeError(404, "No such setupintent");
      const expand = url.searchParams.getAll("expand[0]").concat(url.searchParams.getAll("expand[]"));
      return json(
        200,
        expand.includes("payment_method") && intent.payment_method
          ? { ...intent, payment_method: paymentMethods.get(intent.payment_method) ?? intent.payment_method }
          : intent,
      );
    }
    const method = /^\/v1\/payment_methods\/([^/]+)$/.exec(path);
    if (request.method === "GET" && method) {
      const found = paymentMethods.get(method[1]);
      return found ? json(200, found) : stripeError(404, "No such PaymentMethod");
    }
    if (request.method === "POST" && path === "/v1/payment_intents") {
      const form = parseForm(await request.text());
      calls.at(-1).form = form;
      return chargeOffSession(form);
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (request.method === "GET" && retrieve) {
      const session = sessions.get(retrieve[1]);
      return session ? json(200, session) : stripeError(404, "No such checkout.session");
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (request.method === "POST" && expire) {
      const session = sessions.get(expire[1]);
      if (!session) return stripeError(404, "No such checkout.session");
      if (session.status !== "open")
        return stripeError(400, 'Only Checkout Sessions with a status in ["open"] can be expired.');
      session.status = "expired";
      return json(200, session);
    }
    const hostedSetup = /^\/setup\/([^/]+)$/.exec(path);
    if (hostedSetup) {
      const session = sessions.get(hostedSetup[1]);
      if (session?.mode !== "setup") return new Response("No such session", { status: 404 });
      if (request.method === "GET") return setupPage(session);
      if (request.method === "POST") {
        if (session.status === "expired")
          return new Response("This Checkout Session is no longer active.", { status: 400 });
        const chosen = new URLSearchParams(await request.text()).get("card") ?? "4242";
        if (session.status !== "complete") await saveCard(session.id, chosen);
        return new Response(null, { status: 303, headers: { Location: session.success_url } });
      }
    }
    const hosted = /^\/pay\/([^/]+)$/.exec(path);
    if (hosted) {
      const session = sessions.get(hosted[1]);
      if (!session) return new Response("No such session", { status: 404 });
      if (request.method === "GET") return payPage(session);
      if (request.method === "POST") {
        if (session.status === "expired")
          return new Response("This Checkout Session is no longer active.", { status: 400 });
        if (session.payment_status !== "paid") await pay(session.id);
        return new Response(null, { status: 303, headers: { Location: session.success_url } });
      }
    }
    return stripeError(404, `Unrecognized request URL (${request.method}: ${path}).`);
  }

  return {
    handle,
    pay,
    saveCard,
    sendEvent,
    sessions,
    customers,
    setupIntents,
    paymentMethods,
    paymentIntents,
    calls,
    deliveries,
  };
}
