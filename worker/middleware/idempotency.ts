import { createMiddleware } from "hono/factory";
import { antiSpamFields } from "../../shared/schemas/fields";
import { idempotencyHeader, idempotencyKeyPattern } from "../../shared/schemas/submission";
import { findIdempotencyRecord, type IdempotencyRecord } from "../db/queries/submissions";
import { ApiError } from "../lib/api-error";
import { sha256Hex } from "../services/rate-limit";
import type { AppEnv } from "../types";

/** How long an answer is kept for its key. */
export const idempotencyTtlMs = 24 * 60 * 60_000;

export interface IdempotencyContext {
  scope: string;
  key: string;
  requestHash: string;
}

export type IdempotencyEnv = AppEnv & { Variables: { idempotency: IdempotencyContext | null } };

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
 * with a fresh fillMs or Turnstile token is the same request (issue 3: a retried submission
 * returns the first answer). A body that is not JSON is hashed as sent.
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

/** The stored answer, sent again as it was first sent. */
export function replay(record: IdempotencyRecord, requestHash: string): Response {
  if (record.requestHash !== requestHash) {
    throw new ApiError(422, "This Idempotency-Key was already used with a different request.", {
      code: "idempotency_key_reused",
    });
  }
  return new Response(record.responseBody, {
    status: record.statusCode,
    headers: { "Content-Type": "application/json", "Idempotent-Replayed": "true" },
  });
}

/**
 * An `Idempotency-Key` header makes a retried submission return the first answer. Here a key
 * seen before is answered from the stored record; the handler saves new keys in the same batch
 * as the submission, which settles two concurrent first attempts (see saveSubmission).
 */
export function idempotency(scope: string) {
  return createMiddleware<IdempotencyEnv>(async (c, next) => {
    const key = c.req.header(idempotencyHeader);
    if (key === undefined) {
      c.set("idempotency", null);
      return next();
    }
    if (!idempotencyKeyPattern.test(key)) {
      throw new ApiError(400, "Idempotency-Key must be 1-255 visible ASCII characters.", {
        code: "invalid_idempotency_key",
      });
    }
    const requestHash = await requestFingerprint(await c.req.text());
    const record = await findIdempotencyRecord(c.env.DB, scope, key, new Date().toISOString());
    if (record) return replay(record, requestHash);
    c.set("idempotency", { scope, key, requestHash });
    await next();
  });
}
