/**
 * Encryption at rest of the release forms and the procedure records: AES-256-GCM under the
 * RELEASE_FORM_KEY secret (base64 of 32 random bytes). Each sealed value gets a fresh 96-bit
 * nonce, and the row's own id as additional data, so a ciphertext copied into another row does
 * not open. The key's version stored beside it is a fingerprint (the first 16 hex digits of a
 * SHA-256 of the key): after a rotation the old key goes in RELEASE_FORM_PREVIOUS_KEYS, and what
 * it sealed still opens, by that fingerprint.
 */

import { toBase64, toHex, tryFromBase64 } from "../../platform/crypto";

export interface Sealed {
  ciphertext: string;
  iv: string;
  keyVersion: string;
}

/** The key is missing or malformed: nothing can be signed or read until it is set. */
export class ReleaseFormKeyMissing extends Error {
  constructor() {
    super("RELEASE_FORM_KEY is not set to base64 of 32 bytes");
  }
}

/** A sealed value that does not open: altered, moved to another row, or sealed by an unknown key. */
export class ReleaseFormUnreadable extends Error {}

interface KeySource {
  RELEASE_FORM_KEY?: string;
  RELEASE_FORM_PREVIOUS_KEYS?: string;
}

interface Key {
  version: string;
  key: CryptoKey;
}

async function importKey(encoded: string): Promise<Key | null> {
  const raw = tryFromBase64(encoded.trim());
  if (raw?.length !== 32) return null;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", raw));
  const version = toHex(digest.slice(0, 8));
  const key = await crypto.subtle.importKey("raw", raw, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);
  return { version, key };
}

async function currentKey(env: KeySource): Promise<Key> {
  const key = env.RELEASE_FORM_KEY ? await importKey(env.RELEASE_FORM_KEY) : null;
  if (!key) throw new ReleaseFormKeyMissing();
  return key;
}

/** True when the key is set and well formed, so the form can be offered. */
export async function hasReleaseFormKey(env: KeySource): Promise<boolean> {
  return (env.RELEASE_FORM_KEY ? await importKey(env.RELEASE_FORM_KEY) : null) !== null;
}

async function keyOfVersion(env: KeySource, version: string): Promise<Key | null> {
  const candidates = [env.RELEASE_FORM_KEY ?? "", ...(env.RELEASE_FORM_PREVIOUS_KEYS ?? "").split(",")];
  for (const encoded of candidates) {
    if (!encoded.trim()) continue;
    const key = await importKey(encoded);
    if (key?.version === version) return key;
  }
  return null;
}

/** Seals a JSON value for the row `rowId`. */
export async function seal(env: KeySource, rowId: string, value: unknown): Promise<Sealed> {
  const { version, key } = await currentKey(env);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plaintext = new TextEncoder().encode(JSON.stringify(value));
  const ciphertext = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(rowId) },
    key,
    plaintext,
  );
  return { ciphertext: toBase64(new Uint8Array(ciphertext)), iv: toBase64(iv), keyVersion: version };
}

/** Opens what `seal` sealed for the same row, or throws `ReleaseFormUnreadable`. */
export async function open<T>(env: KeySource, rowId: string, sealed: Sealed): Promise<T> {
  const found = await keyOfVersion(env, sealed.keyVersion);
  if (!found) throw new ReleaseFormUnreadable(`no key of version ${sealed.keyVersion}`);
  const iv = tryFromBase64(sealed.iv);
  const ciphertext = tryFromBase64(sealed.ciphertext);
  if (iv?.length !== 12 || !ciphertext) throw new ReleaseFormUnreadable("malformed ciphertext");
  try {
    const plaintext = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(rowId) },
      found.key,
      ciphertext,
    );
    return JSON.parse(new TextDecoder().decode(plaintext)) as T;
  } catch {
    // GCM's tag does not match: the bytes, the nonce or the row are not the ones sealed.
    throw new ReleaseFormUnreadable("the ciphertext does not authenticate");
  }
}
