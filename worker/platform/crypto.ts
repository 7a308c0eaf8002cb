/**
 * The worker's one crypto module: encodings, random tokens, digests, MACs and comparisons, on
 * what the Workers runtime provides (WebCrypto, `Uint8Array` base64 and hex). Everything that
 * signs, hashes or mints a secret goes through here, so a fix or a stronger default lands once.
 */

const encoder = new TextEncoder();

/** The parts as one run of bytes, in order. */
export function concat(...parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Standard base64 with padding: what stored ciphertexts, salts and CSP hashes use. */
export const toBase64 = (bytes: Uint8Array) => bytes.toBase64();

/** Unpadded base64url: safe in links, cookies and file names as is. */
export const toBase64Url = (bytes: Uint8Array) =>
  bytes.toBase64({ alphabet: "base64url", omitPadding: true });

/**
 * Bytes of base64 in either alphabet, padded or not (values written over the years, and keys
 * pasted by hand, use both). Throws on anything else.
 */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.fromBase64(text.replace(/-/g, "+").replace(/_/g, "/"));
}

/** fromBase64, with null in place of the error: for values a visitor could have made up. */
export function tryFromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    return fromBase64(text);
  } catch {
    return null;
  }
}

/** A text's UTF-8 as unpadded base64url. */
export const textToBase64Url = (text: string) => toBase64Url(encoder.encode(text));

/** The UTF-8 text behind base64url, or null when either layer is malformed. */
export function textFromBase64Url(text: string): string | null {
  const bytes = tryFromBase64(text);
  if (!bytes) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

export const toHex = (bytes: ArrayBuffer | Uint8Array) =>
  (bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toHex();

/** The fewest random bits a token may carry when it stands alone as a secret (a link, a cookie). */
const minimumTokenBytes = 16;

/**
 * A fresh secret: `bytes` random bytes (256 bits unless said), as unpadded base64url, or as
 * lowercase hex where a stored format or schema expects hex.
 */
export function randomToken(options: { bytes?: number; encoding?: "base64url" | "hex" } = {}): string {
  const { bytes = 32, encoding = "base64url" } = options;
  if (bytes < minimumTokenBytes)
    throw new RangeError(`a token needs at least ${minimumTokenBytes} random bytes`);
  const random = crypto.getRandomValues(new Uint8Array(bytes));
  return encoding === "hex" ? random.toHex() : toBase64Url(random);
}

/** SHA-256 of a text as lowercase hex: keys for idempotency and caches, and stored token hashes. */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

/**
 * HMAC-SHA-256 of a text under a secret, as lowercase hex: keys derived from something guessable
 * (an address has few enough values to try them all), which only the secret's holder can recompute.
 */
export async function hmacSha256Hex(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return toHex(await crypto.subtle.sign("HMAC", key, encoder.encode(text)));
}

/**
 * Whether two byte strings are equal, taking the same time wherever they differ, so a forger
 * learns nothing from how long a refusal took. Only the length may show, and every secret
 * compared here has a fixed length.
 */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && crypto.subtle.timingSafeEqual(a, b);
}

/** sameBytes for texts (a hex MAC against the one a visitor sent). */
export const sameText = (a: string, b: string) => sameBytes(encoder.encode(a), encoder.encode(b));
