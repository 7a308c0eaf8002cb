import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { loginMessages } from "../../shared/admin";
import { adminSessions, admins, loginFailures } from "../../worker/db/schema";
import { PBKDF2_ITERATIONS, verifyPassword } from "../../worker/services/passwords";
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from "../../worker/services/sessions";
import {
  adminCall,
  cookieFrom,
  createAdmin,
  login,
  ORIGIN,
  quietLogs,
  secrets,
  send,
  signIn,
} from "./admin-support";

let logs: ReturnType<typeof quietLogs>;
beforeEach(() => {
  logs = quietLogs();
});

const db = () => drizzle(env.DB);
const key = new TextEncoder().encode(secrets.JWT_SECRET);
const b64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const tokenOf = (cookie: string) => cookie.slice("__Host-gn_admin=".length);
const sessionGet = (cookie: string) => adminCall("/api/admin/session", { headers: { Cookie: cookie } });

/** A token with the right shape, signed with the real key, for a session that exists. */
async function forge(claims: Record<string, unknown>, options: { key?: Uint8Array; exp?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt(now)
    .setExpirationTime(options.exp ?? now + 600)
    .sign(options.key ?? key);
}

describe("POST /api/admin/login", () => {
  it("signs in with the right password and sets a __Host- HttpOnly Secure SameSite=Strict cookie", async () => {
    const account = await createAdmin();
    const response = await login(account.email, account.password);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      success: true,
      user: { id: account.id, email: account.email, role: "admin" },
    });
    const header = response.headers.getSetCookie().find((c) => c.startsWith("__Host-gn_admin=")) ?? "";
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; Secure/);
    expect(header).toMatch(/; SameSite=Strict/);
    expect(header).toMatch(/; Path=\//);
    expect(header).not.toMatch(/Domain=/i);
    const token = tokenOf(cookieFrom(response));
    expect(decodeProtectedHeader(token).alg).toBe("HS256");
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, sub: account.id });
    expect(typeof claims.sid).toBe("string");
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(30 * 60);
    const session = await db()
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.id, String(claims.sid)))
      .get();
    expect(Date.parse(session?.expiresAt ?? "") - Date.parse(session?.createdAt ?? "")).toBeGreaterThan(
      8 * 3600 * 1000 - 5000,
    );
  });

  it("accepts the e-mail address in any case", async () => {
    const account = await createAdmin();
    expect((await login(account.email.toUpperCase(), account.password)).status).toBe(200);
  });

  it("answers 400 with the form's message when a field is missing", async () => {
    for (const body of [{ email: "a@b.test" }, { password: "x" }, { email: "", password: "" }]) {
      const response = await adminCall("/api/admin/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: ORIGIN },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(400);
      const json = (await response.json()) as { error: { message: string } };
      expect(json.error.message).toBe(loginMessages.missing);
    }
  });

  it("answers 401 with the same message for a wrong password and an unknown account", async () => {
    const account = await createAdmin();
    for (const [email, password] of [
      [account.email, "wrong password"],
      ["nobody@studio.test", account.password],
    ] as const) {
      const response = await login(email, password, { "CF-Connecting-IP": crypto.randomUUID() });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: { code: "invalid_credentials", message: loginMessages.invalid },
      });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it("locks an account for 15 minutes after 5 failures, even for the right password", async () => {
    const account = await createAdmin();
    for (let i = 0; i < 5; i++) {
      const response = await login(account.email, `guess-${i}`, { "CF-Connecting-IP": `198.51.100.${i}` });
      expect(response.status).toBe(401);
    }
    const blocked = await login(account.email, account.password, { "CF-Connecting-IP": "198.51.100.77" });
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { error: { message: string } }).error.message).toBe(
      loginMessages.tooMany,
    );
    const retryAfter = Number(blocked.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(logs.warn).toHaveBeenCalledWith(expect.stringContaining("admin sign-in throttled"));
    // Another account from another address is unaffected.
    const other = await createAdmin();
    expect((await login(other.email, other.password, { "CF-Connecting-IP": "198.51.100.78" })).status).toBe(
      200,
    );
  });

  it("blocks an address after 5 failures across different accounts", async () => {
    const ip = "192.0.2.44";
    for (let i = 0; i < 5; i++) {
      expect((await login(`spray-${i}@studio.test`, "password1", { "CF-Connecting-IP": ip })).status).toBe(
        401,
      );
    }
    const account = await createAdmin();
    expect((await login(account.email, account.password, { "CF-Connecting-IP": ip })).status).toBe(429);
    expect((await login(account.email, account.password, { "CF-Connecting-IP": "192.0.2.45" })).status).toBe(
      200,
    );
  });

  it("lets the account in again once the 15-minute window has passed", async () => {
    const account = await createAdmin();
    for (let i = 0; i < 5; i++)
      await login(account.email, `guess-${i}`, { "CF-Connecting-IP": `10.9.0.${i}` });
    expect((await login(account.email, account.password, { "CF-Connecting-IP": "10.9.0.99" })).status).toBe(
      429,
    );
    // Age every failure row past the window, as if 16 minutes went by.
    await db()
      .update(loginFailures)
      .set({ createdAt: new Date(Date.now() - 16 * 60 * 1000).toISOString() });
    expect((await login(account.email, account.password, { "CF-Connecting-IP": "10.9.0.99" })).status).toBe(
      200,
    );
  });

  it("refuses an oversized sign-in body with 413 before parsing it", async () => {
    const response = await adminCall("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN },
      body: JSON.stringify({ email: "a@b.test", password: "x".repeat(10_000) }),
    });
    expect(response.status).toBe(413);
  });

  it("forgets failures older than the window when a new one is recorded", async () => {
    await db()
      .insert(loginFailures)
      .values({ key: "ip:stale", createdAt: new Date(Date.now() - 20 * 60 * 1000).toISOString() });
    await login("nobody-here@studio.test", "wrong", { "CF-Connecting-IP": "10.200.0.1" });
    const stale = await db().select().from(loginFailures).where(eq(loginFailures.key, "ip:stale")).all();
    expect(stale).toEqual([]);
  });

  it("refuses a sign-in request from another origin, or with no origin at all", async () => {
    const account = await createAdmin();
    const attempts: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      {},
      { Origin: ORIGIN, "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of attempts) {
      const response = await adminCall("/api/admin/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify({ email: account.email, password: account.password }),
      });
      expect(response.status).toBe(403);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it("refuses the local development account on a production deployment", async () => {
    const pepper = secrets.PASSWORD_PEPPER;
    const { hashPassword } = await import("../../worker/services/passwords");
    await db()
      .insert(admins)
      .values({
        id: "local-admin",
        email: "artist@localhost.test",
        passwordHash: await hashPassword("local-pass", pepper),
      });
    expect((await login("artist@localhost.test", "local-pass")).status).toBe(200);
    const production = await adminCall(
      "/api/admin/login",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: ORIGIN, "CF-Connecting-IP": "10.1.1.1" },
        body: JSON.stringify({ email: "artist@localhost.test", password: "local-pass" }),
      },
      { ENVIRONMENT: "production" },
    );
    expect(production.status).toBe(401);
  });

  it("fails closed with 503 when the signing secret is missing or too short", async () => {
    const account = await createAdmin();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await adminCall(
      "/api/admin/login",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: ORIGIN },
        body: JSON.stringify({ email: account.email, password: account.password }),
      },
      { JWT_SECRET: "short" },
    );
    expect(response.status).toBe(503);
    expect(logged).toHaveBeenCalledOnce();
  });
});

describe("password storage", () => {
  it("stores PBKDF2-SHA256 at exactly 100,000 iterations with a salt, peppered", async () => {
    const account = await createAdmin("another long passphrase");
    const row = await db().select().from(admins).where(eq(admins.id, account.id)).get();
    const [scheme, iterations, salt] = (row?.passwordHash ?? "").split("$");
    expect(scheme).toBe("pbkdf2-sha256");
    expect(Number(iterations)).toBe(PBKDF2_ITERATIONS);
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    expect(atob(salt ?? "").length).toBe(16);
    expect(await verifyPassword(account.password, secrets.PASSWORD_PEPPER, row?.passwordHash ?? "")).toBe(
      true,
    );
    expect(await verifyPassword(account.password, "another pepper", row?.passwordHash ?? "")).toBe(false);
  });

  it("rejects hashes at any other iteration count or in another format", async () => {
    expect(await verifyPassword("x", "y", "plain-text-password")).toBe(false);
    expect(await verifyPassword("x", "y", "pbkdf2-sha256$1000$c2FsdHNhbHRzYWx0c2FsdA==$AAAA")).toBe(false);
  });
});

describe("sessions", () => {
  it("GET /api/admin/session answers the signed-in admin and 401 without a cookie", async () => {
    const account = await createAdmin();
    const cookie = await signIn(account);
    const response = await sessionGet(cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      user: { id: account.id, email: account.email, role: "admin" },
    });
    const anonymous = await adminCall("/api/admin/session");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      error: { code: "unauthorized", message: "Please sign in to continue." },
    });
  });

  it("logout ends the session on the server: the old token is refused afterwards", async () => {
    const account = await createAdmin();
    const cookie = await signIn(account);
    const out = await send("POST", "/api/admin/logout", cookie);
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().at(-1)).toMatch(/^__Host-gn_admin=; Max-Age=0/);
    expect((await sessionGet(cookie)).status).toBe(401);
    const row = await db()
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.id, String(decodeJwt(tokenOf(cookie)).sid)))
      .get();
    expect(row?.revokedAt).toBeTruthy();
  });

  it("ends a session idle for more than 30 minutes", async () => {
    const account = await createAdmin();
    const cookie = await signIn(account);
    const sid = String(decodeJwt(tokenOf(cookie)).sid);
    await db()
      .update(adminSessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60 * 1000).toISOString() })
      .where(eq(adminSessions.id, sid));
    expect((await sessionGet(cookie)).status).toBe(401);
  });

  it("slides the idle window: a request after a few minutes re-issues the cookie", async () => {
    const account = await createAdmin();
    const cookie = await signIn(account);
    const sid = String(decodeJwt(tokenOf(cookie)).sid);
    await db()
      .update(adminSessions)
      .set({ lastSeenAt: new Date(Date.now() - 20 * 60 * 1000).toISOString() })
      .where(eq(adminSessions.id, sid));
    const response = await sessionGet(cookie);
    expect(response.status).toBe(200);
    const fresh = tokenOf(cookieFrom(response));
    expect(decodeJwt(fresh).sid).toBe(sid);
    const row = await db().select().from(adminSessions).where(eq(adminSessions.id, sid)).get();
    expect(Date.now() - Date.parse(row?.lastSeenAt ?? "")).toBeLessThan(5000);
  });

  it("ends every session 8 hours after sign-in, however active", async () => {
    const account = await createAdmin();
    const cookie = await signIn(account);
    const sid = String(decodeJwt(tokenOf(cookie)).sid);
    await db()
      .update(adminSessions)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(adminSessions.id, sid));
    expect((await sessionGet(cookie)).status).toBe(401);
  });
});

describe("attacks on the admin session", () => {
  async function liveSession() {
    const account = await createAdmin();
    const cookie = await signIn(account);
    const claims = decodeJwt(tokenOf(cookie));
    return { account, cookie, sid: String(claims.sid), sub: String(claims.sub) };
  }
  const asCookie = (token: string) => `__Host-gn_admin=${token}`;

  it("refuses a request with no cookie", async () => {
    expect((await adminCall("/api/admin/consultations")).status).toBe(401);
  });

  it("refuses a tampered token (payload changed, signature kept)", async () => {
    const { cookie } = await liveSession();
    const [header, payload, signature] = tokenOf(cookie).split(".");
    const claims = JSON.parse(atob((payload ?? "").replace(/-/g, "+").replace(/_/g, "/")));
    const tampered = `${header}.${b64url({ ...claims, sub: "someone-else", exp: claims.exp + 86400 })}.${signature}`;
    expect((await sessionGet(asCookie(tampered))).status).toBe(401);
  });

  it("refuses a token re-signed with another key", async () => {
    const { sid, sub } = await liveSession();
    const token = await new SignJWT({ sid })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime("10m")
      .sign(new TextEncoder().encode("an-attacker-chosen-secret-of-32-chars!!"));
    expect((await sessionGet(asCookie(token))).status).toBe(401);
  });

  it("refuses alg: none", async () => {
    const { sid, sub } = await liveSession();
    const now = Math.floor(Date.now() / 1000);
    const token = `${b64url({ alg: "none", typ: "JWT" })}.${b64url({
      iss: TOKEN_ISSUER,
      aud: TOKEN_AUDIENCE,
      sub,
      sid,
      iat: now,
      exp: now + 600,
    })}.`;
    expect((await sessionGet(asCookie(token))).status).toBe(401);
  });

  it("refuses a wrong audience or issuer, even signed with the real key", async () => {
    const { sid, sub } = await liveSession();
    const wrongAudience = await forge({ sid, sub, iss: TOKEN_ISSUER, aud: "gilded-needle/site" });
    const wrongIssuer = await forge({ sid, sub, iss: "someone-else", aud: TOKEN_AUDIENCE });
    expect((await sessionGet(asCookie(wrongAudience))).status).toBe(401);
    expect((await sessionGet(asCookie(wrongIssuer))).status).toBe(401);
    const right = await forge({ sid, sub, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE });
    expect((await sessionGet(asCookie(right))).status).toBe(200);
  });

  it("refuses an expired token and one without a session id", async () => {
    const { sid, sub } = await liveSession();
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await forge({ sid, sub, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE }, { exp: past });
    const noSid = await forge({ sub, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE });
    expect((await sessionGet(asCookie(expired))).status).toBe(401);
    expect((await sessionGet(asCookie(noSid))).status).toBe(401);
  });

  it("refuses a validly signed token naming a session that does not exist", async () => {
    const { sub } = await liveSession();
    const token = await forge({ sid: "made-up-session", sub, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE });
    expect((await sessionGet(asCookie(token))).status).toBe(401);
  });

  it("refuses the old site's local-storage bypass in any form the server could see", async () => {
    // The old guard accepted a fixed local-storage value, any stored admin session token, or a
    // stored auth token with a user (the old admin kept one). None of it reaches or sways the server.
    const forged: Record<string, string>[] = [
      { Cookie: "adminBypass=true" },
      { Cookie: "__Host-gn_admin=true" },
      { Cookie: "__Host-gn_admin=admin-bypass" },
      { Authorization: "Bearer admin-bypass" },
      { Authorization: "Bearer true" },
      { Cookie: `__Host-gn_admin=${b64url({ user: { email: "artist@studio.test", role: "admin" } })}` },
      { "X-Admin-Bypass": "true", "X-Admin-Session-Token": "anything" },
    ];
    for (const headers of forged) {
      expect((await adminCall("/api/admin/session", { headers })).status).toBe(401);
      expect((await adminCall("/api/admin/consultations", { headers })).status).toBe(401);
    }
  });

  it("refuses a state change from another origin even with a valid session", async () => {
    const { cookie } = await liveSession();
    const evil = await adminCall("/api/admin/logout", {
      method: "POST",
      headers: { Cookie: cookie, Origin: "https://evil.example" },
    });
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as { error: { code: string } }).error.code).toBe("cross_origin");
    const noOrigin = await adminCall("/api/admin/logout", { method: "POST", headers: { Cookie: cookie } });
    expect(noOrigin.status).toBe(403);
    // The session survived both attempts.
    expect((await sessionGet(cookie)).status).toBe(200);
  });
});

describe("every admin endpoint needs a session", () => {
  const endpoints: [string, string][] = [
    ["GET", "/api/admin/session"],
    ["POST", "/api/admin/logout"],
    ["GET", "/api/admin/consultations"],
    ["GET", "/api/admin/contacts"],
    ["GET", "/api/admin/consultations/export.csv"],
    ["GET", "/api/admin/contacts/export.csv"],
    ["PATCH", "/api/admin/consultations/c1"],
    ["PATCH", "/api/admin/contacts/m1"],
    ["GET", "/api/admin/audit"],
    ["GET", "/api/admin/overview"],
    ["GET", "/api/admin/seo/vitals"],
    ["GET", "/api/admin/seo/pagespeed"],
    ["GET", "/api/admin/seo/search-console"],
    ["GET", "/api/admin/experiments"],
    ["GET", "/api/admin/does-not-exist"],
  ];
  for (const [method, path] of endpoints) {
    it(`${method} ${path} answers 401 without a session`, async () => {
      const response = await adminCall(path, {
        method,
        headers: { Origin: ORIGIN, "Content-Type": "application/json" },
        ...(method === "PATCH" ? { body: JSON.stringify({ status: "read" }) } : {}),
      });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
    });
  }
});
