import type { DrizzleD1Database } from "drizzle-orm/d1";
import {
  type AdminUser,
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_MS,
  loginMessages,
  SESSION_ABSOLUTE_MS,
} from "../../shared/admin";
import {
  clearFailures,
  createSession,
  findAdminByEmail,
  pruneAuthRows,
  recentFailures,
  recordFailure,
} from "../db/queries/admin-auth";
import { ApiError } from "../lib/api-error";
import { log } from "../lib/log";
import { sha256Hex } from "../lib/sha256";
import { UNKNOWN_ACCOUNT_HASH, verifyPassword } from "./passwords";
import { newSessionId, signSessionToken } from "./sessions";

export interface SignInInput {
  email: string;
  password: string;
  /** The client's address, only ever stored hashed with the pepper. */
  address: string;
  now: number;
}

export interface SignInSettings {
  db: DrizzleD1Database;
  signingKey: Uint8Array;
  pepper: string;
  /** Whether an account may not sign in here (the local development account, in production). */
  refuses: (admin: { id: string; email: string }) => boolean;
}

/**
 * Checks a sign-in and opens a server-side session. Throttled per account and per address
 * before the password is checked (429 with the wait); a wrong address or password is one
 * 401 with one message, so the answer never tells which accounts exist.
 */
export async function signIn(
  input: SignInInput,
  settings: SignInSettings,
): Promise<{ user: AdminUser; token: string; expiresAtMs: number }> {
  const { db, pepper, now } = { ...settings, ...input };
  const accountKey = `email:${await sha256Hex(`${pepper}:${input.email.toLowerCase()}`)}`;
  const addressKey = `ip:${await sha256Hex(`${pepper}:${input.address}`)}`;

  const windowStart = new Date(now - LOGIN_WINDOW_MS).toISOString();
  const failures = await recentFailures(db, [accountKey, addressKey], windowStart);
  const blocked = failures.filter((f) => f.failures >= LOGIN_MAX_FAILURES);
  if (blocked.length) {
    const freeAt = Math.max(...blocked.map((f) => Date.parse(f.oldest) + LOGIN_WINDOW_MS));
    const retryAfter = Math.max(1, Math.ceil((freeAt - now) / 1000));
    log("warn", "admin sign-in throttled", { retryAfter });
    throw new ApiError(429, loginMessages.tooMany, { headers: { "Retry-After": String(retryAfter) } });
  }

  const admin = await findAdminByEmail(db, input.email);
  // Always hash, even for an unknown address, so timing does not reveal which accounts exist.
  const matches = await verifyPassword(input.password, pepper, admin?.passwordHash ?? UNKNOWN_ACCOUNT_HASH);
  if (!admin || !matches || settings.refuses(admin)) {
    await recordFailure(db, [accountKey, addressKey], windowStart);
    throw new ApiError(401, loginMessages.invalid, { code: "invalid_credentials" });
  }

  await clearFailures(db, accountKey);
  await pruneAuthRows(db, windowStart, new Date(now).toISOString());
  const sessionId = newSessionId();
  const absoluteEnd = now + SESSION_ABSOLUTE_MS;
  await createSession(db, {
    id: sessionId,
    adminId: admin.id,
    expiresAt: new Date(absoluteEnd).toISOString(),
  });
  const { token, expiresAtMs } = await signSessionToken(
    settings.signingKey,
    { adminId: admin.id, sessionId },
    now,
    absoluteEnd,
  );
  log("info", "admin signed in", { adminId: admin.id });
  return { user: { id: admin.id, email: admin.email, role: admin.role }, token, expiresAtMs };
}
