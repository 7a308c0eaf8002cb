import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { idempotencyKeys } from "./schema";

/**
 * The answers already given to an Idempotency-Key: read by the middleware that replays them and
 * by the submission services that store them, so they sit below both.
 */
export interface IdempotencyRecord {
  scope: string;
  key: string;
  requestHash: string;
  statusCode: number;
  responseBody: string;
  createdAt: string;
  expiresAt: string;
}

export async function findIdempotencyRecord(
  d1: D1Database,
  scope: string,
  key: string,
  now: string,
): Promise<IdempotencyRecord | undefined> {
  const db = drizzle(d1);
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
    .limit(1);
  if (!row || row.expiresAt <= now) return undefined;
  return row;
}
