import type { DrizzleD1Database } from "drizzle-orm/d1";
import {
  type AdminUser,
  LOGIN_DEVICE_MAX_FAILURES,
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_MS,
  loginMessages,
  SESSION_ABSOLUTE_MS,
} from "../../../shared/admin";
import { ApiError } from "../../platform/api-error";
import { sha256Hex } from "../../platform/crypto";
import { log } from "../../platform/log";
import { type KnownDevice, newDeviceId, readDevice, signDevice } from "./device-cookie";
import { UNKNOWN_ACCOUNT_HASH, verifyPassword } from "./passwords";
import {
  clearFailures,
  createSession,
  findAdminByEmail,
  forgetOldFailures,
  pruneAuthRows,
  recentFailures,
  releaseAttempt,
  reserveAttempt,
} from "./queries";
import { recordSecurityEvent } from "./security-event-queries";
import { newSessionId, signSessionToken } from "./sessions";

export interface SignInInput {
  email: string;
  password: string;
  /** The client's address, only ever stored hashed with the pepper. */
  address: string;
  /** The device cookie the request carried, if any. */
  device?: string;
  now: number;
}

export interface SignInSettings {
  db: DrizzleD1Database;
  signingKey: Uint8Array;
  /** Signs and checks device cookies. */
  deviceSecret: string;
  pepper: string;
  /** Whether an account may not sign in here (the local development account, in production). */
  refuses: (admin: { id: string; email: string }) => boolean;
  /** Given the id of a security e-mail this attempt queued, to send it after the answer. */
  securityMailQueued?: (mailId: string) => void;
}

/**
 * Checks a sign-in and opens a server-side session. Each attempt is reserved in the database
 * before the password is checked, so the count of guesses stays exact however many arrive at
 * once; past the budget the answer is 429 with the wait. A request from a device she signed in
 * from before spends that device's own budget; any other request spends the account's budget
 * for unknown devices and its address's. A wrong address or password is one 401 with one
 * message, so the answer never tells which accounts exist.
 */
export async function signIn(
  input: SignInInput,
  settings: SignInSettings,
): Promise<{ user: AdminUser; token: string; expiresAtMs: number; device: string }> {
  const { db, pepper, now } = { ...settings, ...input };
  const admin = await findAdminByEmail(db, input.email);
  const cookieDevice = await readDevice(settings.deviceSecret, input.device);
  // A device cookie counts only for the account it was issued to.
  const known: KnownDevice | null = admin && cookieDevice?.adminId === admin.id ? cookieDevice : null;
  const keys = known
    ? [`device:${await sha256Hex(`${pepper}:${known.deviceId}`)}`]
    : [
        `email:${await sha256Hex(`${pepper}:${input.email.toLowerCase()}`)}`,
        `ip:${await sha256Hex(`${pepper}:${input.address}`)}`,
      ];
  const max = known ? LOGIN_DEVICE_MAX_FAILURES : LOGIN_MAX_FAILURES;

  const windowStart = new Date(now - LOGIN_WINDOW_MS).toISOString();
  const reserved = await reserveAttempt(db, keys, max, windowStart, new Date(now).toISOString());
  if (!reserved) {
    const failures = await recentFailures(db, keys, windowStart);
    const blocked = failures.filter((f) => f.failures >= max);
    const freeAt = Math.max(now, ...blocked.map((f) => Date.parse(f.oldest) + LOGIN_WINDOW_MS));
    const retryAfter = Math.max(1, Math.ceil((freeAt - now) / 1000));
    log("warn", "admin sign-in throttled", { retryAfter, knownDevice: Boolean(known) });
    throw new ApiError(429, loginMessages.tooMany, { headers: { "Retry-After": String(retryAfter) } });
  }

  // Always hash, even for an unknown address, so timing does not reveal which accounts exist.
  const matches = await verifyPassword(input.password, pepper, admin?.passwordHash ?? UNKNOWN_ACCOUNT_HASH);
  if (!admin || !matches || settings.refuses(admin)) {
    await forgetOldFailures(db, windowStart);
    if (admin) {
      const mailId = await noteLockouts(db, admin.id, keys, max, windowStart, now);
      if (mailId) settings.securityMailQueued?.(mailId);
    }
    throw new ApiError(401, loginMessages.invalid, { code: "invalid_credentials" });
  }

  await releaseAttempt(db, reserved, windowStart);
  // Her success lifts the budget she was spending (the device's, or the account's), not the address's.
  await clearFailures(db, keys[0] ?? "");
  await pruneAuthRows(db, windowStart, new Date(now).toISOString());
  log("info", "admin signed in", { adminId: admin.id, knownDevice: Boolean(known) });
  return startSession(settings, admin, known?.deviceId ?? null, now);
}

/**
 * Opens a server-side session for an admin whose identity is proven (by password or passkey),
 * and signs the device cookie that makes this device known from now on.
 */
export async function startSession(
  settings: { db: DrizzleD1Database; signingKey: Uint8Array; deviceSecret: string },
  admin: { id: string; email: string; role: AdminUser["role"] },
  deviceId: string | null,
  now: number,
): Promise<{ user: AdminUser; token: string; expiresAtMs: number; device: string }> {
  const sessionId = newSessionId();
  const absoluteEnd = now + SESSION_ABSOLUTE_MS;
  await createSession(settings.db, {
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
  const device = await signDevice(settings.deviceSecret, {
    deviceId: deviceId ?? newDeviceId(),
    adminId: admin.id,
  });
  return { user: { id: admin.id, email: admin.email, role: admin.role }, token, expiresAtMs, device };
}

const lockoutScope: Record<string, string> = {
  email: "sign-ins to your account from devices it has never signed in on",
  device: "sign-ins from one of your own devices",
  ip: "sign-ins from one network address",
};

/**
 * Writes a lockout event (and so an e-mail to her) when this failure used up a budget. Keyed by
 * the budgets and their oldest failures, so requests failing together write it once.
 */
async function noteLockouts(
  db: DrizzleD1Database,
  adminId: string,
  keys: string[],
  max: number,
  since: string,
  now: number,
): Promise<string | null> {
  const spent = (await recentFailures(db, keys, since)).filter((f) => f.failures >= max);
  if (!spent.length) return null;
  const scopes = spent.map((f) => f.key.split(":")[0] ?? "");
  const mailId = await recordSecurityEvent(
    db,
    {
      adminId,
      event: "lockout",
      detail: `${scopes.map((s) => lockoutScope[s] ?? "sign-ins").join("; ")}: locked for 15 minutes after ${max} wrong passwords.`,
      dedupeKey: `lockout:${spent.map((f) => `${f.key}@${f.oldest}`).join(",")}`,
    },
    new Date(now).toISOString(),
  );
  log("warn", "admin sign-in locked", { adminId, scopes });
  return mailId;
}
