import { createMiddleware } from "hono/factory";
import { idempotencyHeader, idempotencyKeyPattern } from "../../shared/schemas/submission";
import { findIdempotencyRecord } from "../db/queries/submissions";
import { ApiError } from "../lib/api-error";
import { type IdempotencyContext, requestFingerprint, storedAnswer } from "../services/idempotency";
import type { AppEnv } from "../types";

/** Marks an answer sent again from the stored record rather than made afresh. */
export const replayedHeader = "Idempotent-Replayed";

export type IdempotencyEnv = AppEnv & { Variables: { idempotency: IdempotencyContext | null } };

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
    if (record) {
      return new Response(storedAnswer(record, requestHash), {
        status: record.statusCode,
        headers: { "Content-Type": "application/json", [replayedHeader]: "true" },
      });
    }
    c.set("idempotency", { scope, key, requestHash });
    await next();
  });
}
