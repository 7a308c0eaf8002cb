import { createMiddleware } from "hono/factory";
import { idempotencyHeader, idempotencyKeyPattern } from "../../../shared/schemas/submission";
import type { AppEnv } from "../../types";
import { ApiError } from "../api-error";
import { findIdempotencyRecord } from "../db/idempotency-queries";
import { type IdempotencyContext, requestFingerprint, storedAnswer } from "../idempotency";

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
    const context = { scope, key, requestHash };
    const replay = await storedReplay(c.env.DB, context);
    if (replay) return replay;
    c.set("idempotency", context);
    await next();
  });
}

/**
 * The stored answer to this request's key, if a request with the same key has been saved by
 * now. A double submit's twin that lost the race may meet a full window only because the first
 * copy filled it: it gets the first copy's answer, not a 429 for a submission that was saved.
 */
export async function storedReplay(
  d1: D1Database,
  context: IdempotencyContext | null,
): Promise<Response | null> {
  if (!context) return null;
  const record = await findIdempotencyRecord(d1, context.scope, context.key, new Date().toISOString());
  if (!record) return null;
  return new Response(storedAnswer(record, context.requestHash), {
    status: record.statusCode,
    headers: { "Content-Type": "application/json", [replayedHeader]: "true" },
  });
}
