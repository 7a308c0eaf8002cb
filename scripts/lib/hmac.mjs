// The keyed hash both local fakes sign their webhooks with, as Twilio and Stripe do (each with its
// own hash and text encoding of the result).
const encoder = new TextEncoder();

/**
 * @param {"SHA-1" | "SHA-256"} hash
 * @param {string} secret
 * @param {string} text
 * @returns {Promise<Uint8Array>}
 */
export async function hmac(hash, secret, text) {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash }, false, [
    "sign",
  ]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(text)));
}
