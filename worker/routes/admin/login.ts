import { drizzle } from "drizzle-orm/d1";
import { Hono } from "hono";
import { loginSchema } from "../../../shared/admin";
import { ApiError } from "../../lib/api-error";
import { log } from "../../lib/log";
import { isLocalOnlyAccount, setSessionCookie } from "../../middleware/auth";
import { limitBody } from "../../middleware/body-limit";
import { clientAddress } from "../../middleware/rate-limit";
import { validate } from "../../middleware/validate";
import { signingKey } from "../../services/sessions";
import { signIn } from "../../services/sign-in";
import type { AppEnv } from "../../types";

/** POST /api/admin/login: the only admin route without a session. */
export const adminLogin = new Hono<AppEnv>().post(
  "/",
  // An e-mail and a password never need more; refuse bigger bodies before parsing them.
  limitBody(4 * 1024),
  validate("json", loginSchema),
  async (c) => {
    const key = signingKey(c.env.JWT_SECRET);
    const pepper = c.env.PASSWORD_PEPPER;
    if (!key || !pepper) {
      log("error", "admin sign-in is not configured (JWT_SECRET or PASSWORD_PEPPER missing)");
      throw new ApiError(503, "Sign-in is not configured on this server.", { code: "not_configured" });
    }
    const { user, token, expiresAtMs } = await signIn(
      { ...c.req.valid("json"), address: clientAddress(c.req) ?? "unknown", now: Date.now() },
      {
        db: drizzle(c.env.DB),
        signingKey: key,
        pepper,
        refuses: (admin) => isLocalOnlyAccount(c.env, admin),
      },
    );
    setSessionCookie(c, token, expiresAtMs);
    return c.json({ success: true as const, user, expiresAt: new Date(expiresAtMs).toISOString() });
  },
);
