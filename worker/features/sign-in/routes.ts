import { drizzle } from "drizzle-orm/d1";
import { type Context, Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { loginSchema } from "../../../shared/admin";
import { ApiError } from "../../platform/api-error";
import { log } from "../../platform/log";
import { limitBody } from "../../platform/middleware/body-limit";
import { validate } from "../../platform/middleware/validate";
import { clientAddress } from "../../platform/visitor";
import { waitUntilOf } from "../../platform/wait-until";
import type { AppEnv } from "../../types";
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S } from "./device-cookie";
import { isLocalOnlyAccount, setSessionCookie } from "./middleware";
import { deliverSecurityMailNow } from "./security-mail";
import { signIn } from "./service";
import { signingKey } from "./sessions";

/** The session cookie, and the device cookie that makes this device known to later sign-ins. */
export function setSignInCookies(
  c: Context,
  signedIn: { token: string; expiresAtMs: number; device: string },
) {
  setSessionCookie(c, signedIn.token, signedIn.expiresAtMs);
  setCookie(c, DEVICE_COOKIE, signedIn.device, {
    httpOnly: true,
    secure: true,
    sameSite: "Strict",
    path: "/",
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}

/** POST /api/admin/login: the only admin route without a session. */
export const adminLogin = new Hono<AppEnv>().post(
  "/",
  // An e-mail and a password never need more; refuse bigger bodies before parsing them.
  limitBody(4 * 1024),
  validate("json", loginSchema),
  async (c) => {
    const secret = c.env.JWT_SECRET;
    const key = signingKey(secret);
    const pepper = c.env.PASSWORD_PEPPER;
    if (!key || !secret || !pepper) {
      log("error", "admin sign-in is not configured (JWT_SECRET or PASSWORD_PEPPER missing)");
      throw new ApiError(503, "Sign-in is not configured on this server.", { code: "not_configured" });
    }
    const { user, token, expiresAtMs, device } = await signIn(
      {
        ...c.req.valid("json"),
        address: clientAddress(c.req) ?? "unknown",
        device: getCookie(c, DEVICE_COOKIE),
        now: Date.now(),
      },
      {
        db: drizzle(c.env.DB),
        signingKey: key,
        deviceSecret: secret,
        pepper,
        refuses: (admin) => isLocalOnlyAccount(c.env, admin),
        securityMailQueued: (mailId) => waitUntilOf(c)?.(deliverSecurityMailNow(c.env, mailId)),
      },
    );
    setSignInCookies(c, { token, expiresAtMs, device });
    return c.json({ success: true as const, user, expiresAt: new Date(expiresAtMs).toISOString() });
  },
);
