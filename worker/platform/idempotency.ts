import { antiSpamFields } from "../../shared/schemas/fields";
import { ApiError } from "./api-error";
import { sha256Hex } from "./crypto";
import type { IdempotencyRecord } from "./db/idempotency-queries";

/** How long an answer is kept for its key. */
export const idempotencyTtlMs = 24 * 60 * 60_000;

/** A request's key, the endpoint it is scoped to, and the fingerprint of what it sent. */
export interface IdempotencyContext {
  scope: string;
  key: string;
  requestHash: string;
}

/**
 * The anti-spam fields (honeypot, fill time, Turnstile token) are set afresh by the browser on
 * every attempt, so a retry of the same submission carries new values: they are not part of
 * what the key stands for. Taken from the shared schema so a renamed field cannot slip through.
 */
const volatileFields: ReadonlySet<string> = new Set(Object.keys(antiSpamFields));

/** Deeper JSON than any form sends; past this the raw text is hashed, as for a body that is not JSON. */
const maxCanonicalDepth = 32;

/** The value with object keys sorted at every level, or undefined when it nests too deeply. */
function canonical(value: unknown, depth = 0): unknown {
  if (depth > maxCanonicalDepth) return undefined;
  if (Array.isArray(value)) {
    const items = value.map((item) => canonical(item, depth + 1));
    return items.includes(undefined) ? undefined : items;
  }
  if (value && typeof value === "object") {
    const entries: [string, unknown][] = [];
    for (const key of Object.keys(value).sort()) {
      const item = canonical((value as Record<string, unknown>)[key], depth + 1);
      if (item === undefined) return undefined;
      entries.push([key, item]);
    }
    return Object.fromEntries(entries);
  }
  return value;
}

/**
 * What a key is bound to: the parsed JSON without the volatile fields, keys sorted, so a retry
 * with a fresh fillMs or Turnstile token is the same request (a retried submission returns
 * the first answer). A body that is not JSON is hashed as sent.
 */
export async function requestFingerprint(body: string): Promise<string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return sha256Hex(body);
  }
  if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
    parsed = Object.fromEntries(Object.entries(parsed).filter(([key]) => !volatileFields.has(key)));
  }
  const normalised = canonical(parsed);
  return sha256Hex(normalised === undefined ? body : JSON.stringify(normalised));
}

/** The stored answer's body, refused when the key now comes with a different request. */
export function storedAnswer(record: IdempotencyRecord, requestHash: string): string {
  if (record.requestHash !== requestHash) {
    throw new ApiError(422, "This Idempotency-Key was already used with a different request.", {
      code: "idempotency_key_reused",
    });
  }
  return record.responseBody;
}
