import { createMiddleware } from "hono/factory";
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
    const requestHash = await sha256Hex(await c.req.text());
    const record = await findIdempotencyRecord(c.env.DB, scope, key, new Date().toISOString());
    if (record) return replay(record, requestHash);
    c.set("idempotency", { scope, key, requestHash });
    await next();
  });
}
