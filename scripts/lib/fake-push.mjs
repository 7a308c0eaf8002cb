// A local fake of a Web Push service and of the browser behind it: it hands out subscriptions
// (an endpoint, the browser's P-256 public key and auth secret) as a browser's PushManager would,
// and answers the worker's pushes as a push service does, checking what a real one checks (the
// VAPID token's ES256 signature, audience and expiry; the aes128gcm body) and decrypting each
// message with the browser's keys (RFC 8291) so a test reads what the phone would show.
// Web APIs only (Request, Response, Web Crypto), so the same fake serves the worker tests inside
// workerd (through a fetch stand-in) and Node. The worker's real sending code is what talks to it.

import { concat } from "../../worker/platform/crypto.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** @param {Uint8Array} bytes */
const base64url = (bytes) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** @param {string} text */
const fromBase64url = (text) =>
  Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

/** HKDF-SHA-256 of `length` bytes. @param {Uint8Array} salt @param {Uint8Array} ikm @param {Uint8Array} info @param {number} length */
async function hkdf(salt, ikm, info, length) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, length * 8),
  );
}

/**
 * The payload a push carried, decrypted as the browser does (RFC 8291 with RFC 8188's aes128gcm):
 * the header's salt and the sender's one-time public key, ECDH with the browser's private key,
 * the auth secret mixed in, then AES-128-GCM and the padding delimiter taken off.
 * @param {Uint8Array} body
 * @param {{ privateKey: CryptoKey, publicKey: Uint8Array, auth: Uint8Array }} browser
 */
async function decrypt(body, browser) {
  const salt = body.slice(0, 16);
  const idLength = body[20] ?? 0;
  const senderKey = body.slice(21, 21 + idLength);
  const sealed = body.slice(21 + idLength);
  const sender = await crypto.subtle.importKey(
    "raw",
    senderKey,
    { name: "ECDH", namedCurve: "P-256" },
    false,
    [],
  );
  const shared = new Uint8Array(
    await crypto.subtle.deriveBits({ name: "ECDH", public: sender }, browser.privateKey, 256),
  );
  const ikm = await hkdf(
    browser.auth,
    shared,
    concat(encoder.encode("WebPush: info\0"), browser.publicKey, senderKey),
    32,
  );
  const cek = await hkdf(salt, ikm, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode("Content-Encoding: nonce\0"), 12);
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const plain = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, sealed));
  // The last record ends with 0x02, then any padding of zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error("no padding delimiter");
  return decoder.decode(plain.slice(0, end));
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>` as a push service does: an ES256 JWT
 * signed by the key given, for this service's origin, not expired and at most 24 hours ahead.
 * Returns the JWT's claims and the key, or a reason it is refused.
 * @param {string | null} header
 * @param {string} origin
 */
async function checkVapid(header, origin) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match?.[1] || !match[2]) return { refused: "no VAPID authorization" };
  const [head, claims, signature] = match[1].split(".");
  if (!head || !claims || !signature) return { refused: "malformed VAPID token" };
  const key = await crypto.subtle
    .importKey("raw", fromBase64url(match[2]), { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"])
    .catch(() => null);
  if (!key) return { refused: "bad VAPID public key" };
  const signed = await crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    key,
    fromBase64url(signature),
    encoder.encode(`${head}.${claims}`),
  );
  if (!signed) return { refused: "VAPID signature does not verify" };
  const jwt = JSON.parse(decoder.decode(fromBase64url(claims)));
  const now = Date.now() / 1000;
  if (jwt.aud !== origin) return { refused: `VAPID audience ${jwt.aud} is not ${origin}` };
  if (typeof jwt.exp !== "number" || jwt.exp < now || jwt.exp > now + 24 * 3600 + 60)
    return { refused: "VAPID token expired or too long-lived" };
  if (typeof jwt.sub !== "string" || !/^(mailto:|https:)/.test(jwt.sub))
    return { refused: "VAPID subject is not a mailto: or https: contact" };
  return { claims: jwt, publicKey: match[2] };
}

/**
 * @typedef {{ endpoint: string, title: string, body: string, url: string, tag?: string, ttl: number, urgency: string | null, topic: string | null, vapidKey: string }} ReceivedPush
 */

/** @param {{ publicUrl?: string }} [options] */
export function createFakePushService({ publicUrl = "https://push.fake.test" } = {}) {
  const origin = new URL(publicUrl).origin;
  /** @type {Map<string, { privateKey: CryptoKey, publicKey: Uint8Array, auth: Uint8Array, status: number }>} */
  const browsers = new Map();
  /** @type {ReceivedPush[]} */
  const received = [];
  /** @type {{ endpoint: string, reason: string }[]} */
  const refused = [];

  return {
    received,
    refused,
    /** A new subscription, as `PushManager.subscribe()` gives it to the page (its toJSON()). */
    async subscribe() {
      const pair = /** @type {CryptoKeyPair} */ (
        await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"])
      );
      const publicKey = new Uint8Array(
        /** @type {ArrayBuffer} */ (await crypto.subtle.exportKey("raw", pair.publicKey)),
      );
      const auth = crypto.getRandomValues(new Uint8Array(16));
      const endpoint = `${origin}/push/${crypto.randomUUID()}`;
      browsers.set(endpoint, { privateKey: pair.privateKey, publicKey, auth, status: 201 });
      return {
        endpoint,
        expirationTime: null,
        keys: { p256dh: base64url(publicKey), auth: base64url(auth) },
      };
    },
    /** From now on, the service answers this subscription's pushes with `status` (410: it is gone). */
    answer(endpoint, status) {
      const browser = browsers.get(endpoint);
      if (browser) browser.status = status;
    },
    /** @param {Request} request */
    async handle(request) {
      const endpoint = request.url;
      const browser = browsers.get(endpoint);
      if (request.method !== "POST" || !browser) return new Response("no such subscription", { status: 404 });
      if (browser.status !== 201) return new Response("", { status: browser.status });
      const vapid = await checkVapid(request.headers.get("Authorization"), origin);
      const ttl = Number(request.headers.get("TTL"));
      const refuse = (reason, status) => {
        refused.push({ endpoint, reason });
        return new Response(reason, { status });
      };
      if ("refused" in vapid) return refuse(vapid.refused, 403);
      if (!Number.isInteger(ttl) || ttl < 0) return refuse("no TTL", 400);
      if (request.headers.get("Content-Encoding") !== "aes128gcm") return refuse("not aes128gcm", 415);
      const body = new Uint8Array(await request.arrayBuffer());
      if (body.length > 4096) return refuse("payload too large", 413);
      let payload;
      try {
        payload = JSON.parse(await decrypt(body, browser));
      } catch (error) {
        return refuse(`payload does not decrypt: ${error}`, 400);
      }
      received.push({
        endpoint,
        ...payload,
        ttl,
        urgency: request.headers.get("Urgency"),
        topic: request.headers.get("Topic"),
        vapidKey: vapid.publicKey,
      });
      return new Response(null, {
        status: 201,
        headers: { Location: `${endpoint}/message/${received.length}` },
      });
    },
  };
}
