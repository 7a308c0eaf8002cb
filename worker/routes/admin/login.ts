import { drizzle } from "drizzle-orm/d1";
import { Hono } from "hono";
import {
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_MS,
  loginMessages,
  loginSchema,
  SESSION_ABSOLUTE_MS,
} from "../../../shared/admin";
import {
  clearFailures,
  createSession,
  findAdminByEmail,
  pruneAuthRows,
  recentFailures,
  recordFailure,
} from "../../db/queries/admin-auth";
import { ApiError } from "../../lib/api-error";
import { log } from "../../lib/log";
import { isLocalOnlyAccount, setSessionCookie } from "../../middleware/auth";
import { limitBody } from "../../middleware/body-limit";
import { validate } from "../../middleware/validate";
import { UNKNOWN_ACCOUNT_HASH, verifyPassword } from "../../services/passwords";
import { newSessionId, sha256Hex, signingKey, signSessionToken } from "../../services/sessions";
import type { AppEnv } from "../../types";

/**
 * POST /api/admin/login (shell-and-admin.md 2.11, 8; issue 7 item 2). The only admin route
 * without a session. Throttled per account and per address before the password is checked.
 */
export const adminLogin = new Hono<AppEnv>().post(
  "/",
  // An e-mail and a password never need more; refuse bigger bodies before parsing them.
  limitBody(4 * 1024),
  validate("json", loginSchema),
  async (c) => {
    const key = signingKey(c.env.JWT_SECRET);
    const pepper = c.env.PASSWORD_PEPPER;
    if (!key || !pepper) {
      log("error", "admin sign-in is not configured (JWT_SECRET or PASSWORD_PEPPER missing)", {
        requestId: c.get("requestId"),
      });
      throw new ApiError(503, "Sign-in is not configured on this server.", { code: "not_configured" });
    }
    const { email, password } = c.req.valid("json");
    const db = drizzle(c.env.DB);
    const now = Date.now();
    const address = c.req.header("CF-Connecting-IP") ?? "unknown";
    const accountKey = `email:${await sha256Hex(`${pepper}:${email.toLowerCase()}`)}`;
    const addressKey = `ip:${await sha256Hex(`${pepper}:${address}`)}`;

    const windowStart = new Date(now - LOGIN_WINDOW_MS).toISOString();
    const failures = await recentFailures(db, [accountKey, addressKey], windowStart);
    const blocked = failures.filter((f) => f.failures >= LOGIN_MAX_FAILURES);
    if (blocked.length) {
      const freeAt = Math.max(...blocked.map((f) => Date.parse(f.oldest) + LOGIN_WINDOW_MS));
      const retryAfter = Math.max(1, Math.ceil((freeAt - now) / 1000));
      log("warn", "admin sign-in throttled", { requestId: c.get("requestId"), retryAfter });
      throw new ApiError(429, loginMessages.tooMany, { headers: { "Retry-After": String(retryAfter) } });
    }

    const admin = await findAdminByEmail(db, email);
    // Always hash, even for an unknown address, so timing does not reveal which accounts exist.
    const matches = await verifyPassword(password, pepper, admin?.passwordHash ?? UNKNOWN_ACCOUNT_HASH);
    if (!admin || !matches || isLocalOnlyAccount(c.env, admin)) {
      await recordFailure(db, [accountKey, addressKey], windowStart);
      throw new ApiError(401, loginMessages.invalid, { code: "invalid_credentials" });
    }

    await clearFailures(db, accountKey);
    await pruneAuthRows(db, new Date(now - LOGIN_WINDOW_MS).toISOString(), new Date(now).toISOString());
    const sessionId = newSessionId();
    const absoluteEnd = now + SESSION_ABSOLUTE_MS;
    await createSession(db, {
      id: sessionId,
      adminId: admin.id,
      expiresAt: new Date(absoluteEnd).toISOString(),
    });
    const { token, expiresAtMs } = await signSessionToken(
      key,
      { adminId: admin.id, sessionId },
      now,
      absoluteEnd,
    );
    setSessionCookie(c, token, expiresAtMs);
    log("info", "admin signed in", { requestId: c.get("requestId"), adminId: admin.id });
    return c.json({
      success: true as const,
      user: { id: admin.id, email: admin.email, role: admin.role },
      expiresAt: new Date(expiresAtMs).toISOString(),
    });
  },
);
