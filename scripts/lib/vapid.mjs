import { generateKeyPairSync } from "node:crypto";

/**
 * A new VAPID key for push notices to the artist's devices: a P-256 private key as JWK JSON (its
 * public half included), as the worker reads VAPID_PRIVATE_KEY.
 */
export function newVapidKey() {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const { kty, crv, x, y, d } = privateKey.export({ format: "jwk" });
  return JSON.stringify({ kty, crv, x, y, d });
}
