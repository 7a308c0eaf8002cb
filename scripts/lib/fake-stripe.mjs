// A local fake of the part of Stripe's API the deposit uses: Checkout sessions, a hosted
// "payment page" and the signed `checkout.session.completed` webhook Stripe sends once paid.
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
  /** Every request the fake answered on its API, for tests to look at. */
  const calls = [];
  /** Every webhook it delivered and the worker's answer's status. */
  const deliveries = [];

  async function sendEvent(session) {
    const event = {
      id: randomId("evt"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: "checkout.session.completed",
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

  /** @param {Request} request */
  async function handle(request) {
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

  return { handle, pay, sendEvent, sessions, calls, deliveries };
}
