/**
 * Admin password hashes: PBKDF2-SHA256 over (password + pepper) with a random 16-byte salt, at
 * 100,000 iterations, the most deployed Workers allow (local workerd does not enforce the cap, so
 * only this constant keeps tests and scripts honest). Format:
 *   pbkdf2-sha256$<iterations>$<salt base64>$<hash base64>
 *
 * The one implementation for the worker and the operator scripts (scripts/admin-password.mjs,
 * the local admin of `npm start`), which Node 22 imports as TypeScript directly. So it uses only
 * what both runtimes have (WebCrypto, btoa/atob, node:crypto under nodejs_compat) rather than the
 * worker's crypto module, and must keep to erasable TypeScript syntax.
 */
import { timingSafeEqual } from "node:crypto";

export const PBKDF2_ITERATIONS = 100_000;

const encoder = new TextEncoder();
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(password: string, pepper: string, salt: Uint8Array, iterations: number) {
  const key = await crypto.subtle.importKey("raw", encoder.encode(`${password}${pepper}`), "PBKDF2", false, [
    "deriveBits",
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, pepper: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, pepper, salt, PBKDF2_ITERATIONS);
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${toBase64(salt)}$${toBase64(hash)}`;
}

/** True only for a well-formed hash at exactly the production iteration count that matches. */
export async function verifyPassword(password: string, pepper: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 4 || parts[0] !== "pbkdf2-sha256") return false;
  const iterations = Number(parts[1]);
  if (iterations !== PBKDF2_ITERATIONS) return false;
  let salt: Uint8Array;
  let expected: Uint8Array;
  try {
    salt = fromBase64(parts[2] ?? "");
    expected = fromBase64(parts[3] ?? "");
  } catch {
    return false;
  }
  if (salt.length < 16 || expected.length !== 32) return false;
  return timingSafeEqual(await derive(password, pepper, salt, iterations), expected);
}

/**
 * A well-formed hash nobody knows the password of: checked when the e-mail is unknown so that a
 * wrong address takes as long as a wrong password (no account enumeration by timing).
 */
export const UNKNOWN_ACCOUNT_HASH =
  "pbkdf2-sha256$100000$c2FsdC1mb3ItdW5rbm93bi0xMjM0$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";
