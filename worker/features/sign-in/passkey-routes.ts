import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { drizzle } from "drizzle-orm/d1";
import { Hono } from "hono";
import {
  passkeyAuthenticationSchema,
  passkeyRegistrationSchema,
  passkeyRenameSchema,
} from "../../../shared/passkeys";
import { ApiError } from "../../platform/api-error";
import { log } from "../../platform/log";
import { validate } from "../../platform/middleware/validate";
import { submissionQuota, takeFromQuota } from "../../platform/rate-limit";
import { clientAddress } from "../../platform/visitor";
import { waitUntilOf } from "../../platform/wait-until";
import type { AppEnv } from "../../types";
import type { AdminEnv } from "./middleware";
import {
  authenticatePasskey,
  authenticationOptions,
  passkeysOf,
  registerPasskey,
  registrationOptions,
  relyingParty,
  removeAdminPasskey,
  renameAdminPasskey,
} from "./passkeys";
import { setSignInCookies } from "./routes";
import { deliverSecurityMailNow } from "./security-mail";
import { startSession } from "./service";
import { signingKey } from "./sessions";

const notFound = () => new ApiError(404, "No such passkey.", { code: "not_found" });

/**
 * Sign-in options an address may ask for in ten minutes: each writes a challenge row and needs no
 * session, so without a limit one address could spend the database's daily writes. A person
 * signing in asks once or twice.
 */
const optionsPerWindow = 10;
const optionsWindowSeconds = 600;

/** POST /api/admin/passkey-login/options and /verify: signing in with a passkey, without a session. */
export const passkeyLogin = new Hono<AppEnv>()
  .post("/options", async (c) => {
    const quota = await submissionQuota({
      scope: "passkey-options",
      address: clientAddress(c.req),
      secret: c.env.RATE_LIMIT_SECRET,
      max: optionsPerWindow,
      windowSeconds: optionsWindowSeconds,
      now: new Date(),
    });
    if (!(await takeFromQuota(c.env.DB, quota)))
      throw new ApiError(429, "Too many sign-in attempts from your connection. Please wait a few minutes.", {
        headers: { "Retry-After": String(quota.retryAfter) },
      });
    const options = await authenticationOptions(
      drizzle(c.env.DB),
      relyingParty(c.env, c.req.url),
      Date.now(),
    );
    return c.json(options);
  })
  .post("/verify", validate("json", passkeyAuthenticationSchema), async (c) => {
    const secret = c.env.JWT_SECRET;
    const key = signingKey(secret);
    if (!key || !secret)
      throw new ApiError(503, "Sign-in is not configured on this server.", { code: "not_configured" });
    const db = drizzle(c.env.DB);
    const now = Date.now();
    const response = c.req.valid("json").response as AuthenticationResponseJSON;
    const admin = await authenticatePasskey(db, relyingParty(c.env, c.req.url), response, now);
    const session = await startSession({ db, signingKey: key, deviceSecret: secret }, admin, null, now);
    setSignInCookies(c, session);
    log("info", "admin signed in with a passkey", { adminId: admin.id });
    return c.json({
      success: true as const,
      user: session.user,
      expiresAt: new Date(session.expiresAtMs).toISOString(),
    });
  });

/** /api/admin/passkeys: the signed-in artist's passkeys, to list, add, rename and remove. */
export const adminPasskeys = new Hono<AdminEnv>()
  .get("/", async (c) => {
    return c.json({ passkeys: await passkeysOf(c.env.DB, c.get("admin").id) });
  })
  .post("/options", async (c) => {
    const options = await registrationOptions(
      drizzle(c.env.DB),
      relyingParty(c.env, c.req.url),
      c.get("admin"),
      Date.now(),
    );
    return c.json(options);
  })
  .post("/", validate("json", passkeyRegistrationSchema), async (c) => {
    const { name, response } = c.req.valid("json");
    const passkey = await registerPasskey(
      drizzle(c.env.DB),
      relyingParty(c.env, c.req.url),
      c.get("admin").id,
      { name, response: response as RegistrationResponseJSON },
      Date.now(),
      (mailId) => waitUntilOf(c)?.(deliverSecurityMailNow(c.env, mailId)),
    );
    return c.json({ passkey }, 201);
  })
  .patch("/:id", validate("json", passkeyRenameSchema), async (c) => {
    const renamed = await renameAdminPasskey(
      c.env.DB,
      c.get("admin").id,
      c.req.param("id"),
      c.req.valid("json").name,
    );
    if (!renamed) throw notFound();
    return c.json({ success: true as const });
  })
  .delete("/:id", async (c) => {
    if (!(await removeAdminPasskey(c.env.DB, c.get("admin").id, c.req.param("id")))) throw notFound();
    log("info", "passkey removed", { adminId: c.get("admin").id });
    return c.json({ success: true as const });
  });
