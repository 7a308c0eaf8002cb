import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { decodeJwt, SignJWT } from "jose";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { BACKGROUND_HEADER, SESSION_ENDS_HEADER } from "../../shared/admin";
import { SESSION_HINT_COOKIE } from "../../shared/admin-session";
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from "../../worker/features/sign-in/sessions";
import { adminSessions } from "../../worker/platform/db/schema";
import {
  adminCall,
  b64url,
  cookieFrom,
  createAdmin,
  forge,
  login,
  logout,
  ORIGIN,
  quietLogs,
  sessionGet,
  signIn,
  tokenOf,
} from "./admin-support";

beforeEach(() => {
  quietLogs();
});

const db = () => drizzle(env.DB);

/** A session opened by signing in, then left unused for `minutes`: its cookie, id and stored last use. */
async function idleSession(minutes: number) {
  const cookie = await signIn(await createAdmin());
  const sid = String(decodeJwt(tokenOf(cookie)).sid);
  const lastSeenAt = new Date(Date.now() - minutes * 60 * 1000).toISOString();
  await db().update(adminSessions).set({ lastSeenAt }).where(eq(adminSessions.id, sid));
  return { cookie, sid, lastSeenAt };
}

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

  it("gives the admin's pages a readable hint of the session, worth nothing, and takes it back at logout", async () => {
    const account = await createAdmin();
    const response = await login(account.email, account.password);
    expect(response.status).toBe(200);
    const hint = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_HINT_COOKIE}=`));
    expect(hint).toMatch(/^gn_signed_in=1; Max-Age=\d+; Path=\/admin; Secure; SameSite=Strict$/);
    expect(hint).not.toMatch(/HttpOnly/);
    // The hint alone is no session.
    expect((await sessionGet(`${SESSION_HINT_COOKIE}=1`)).status).toBe(401);
    const cookie = cookieFrom(response);
    const out = await logout(cookie);
    expect(out.headers.getSetCookie()).toContain(
      `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/admin; Secure; SameSite=Strict`,
    );
  });

  it("logout ends the session on the server: the old token is refused afterwards", async () => {
    const account = await createAdmin();
    const cookie = await signIn(account);
    const out = await logout(cookie);
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
    const { cookie } = await idleSession(31);
    expect((await sessionGet(cookie)).status).toBe(401);
  });

  it("slides the idle window: a request after a few minutes re-issues the cookie", async () => {
    const { cookie, sid } = await idleSession(20);
    const response = await sessionGet(cookie);
    expect(response.status).toBe(200);
    const fresh = tokenOf(cookieFrom(response));
    expect(decodeJwt(fresh).sid).toBe(sid);
    const row = await db().select().from(adminSessions).where(eq(adminSessions.id, sid)).get();
    expect(Date.now() - Date.parse(row?.lastSeenAt ?? "")).toBeLessThan(5000);
  });

  it("does not slide the window for the screen's own background checks, which still answer", async () => {
    const { cookie, sid, lastSeenAt: twentyMinutesAgo } = await idleSession(20);
    const response = await adminCall("/api/admin/session", {
      headers: { Cookie: cookie, [BACKGROUND_HEADER]: "1" },
    });
    expect(response.status).toBe(200);
    // No new cookie, the same last use, and about ten minutes left.
    expect(response.headers.get("Set-Cookie")).toBeNull();
    const row = await db().select().from(adminSessions).where(eq(adminSessions.id, sid)).get();
    expect(row?.lastSeenAt).toBe(twentyMinutesAgo);
    const left = Number(response.headers.get(SESSION_ENDS_HEADER));
    expect(left).toBeGreaterThan(9 * 60 * 1000);
    expect(left).toBeLessThanOrEqual(10 * 60 * 1000);
  });

  it("ends every session 8 hours after sign-in, however active", async () => {
    const signedInAt = Date.now();
    vi.useFakeTimers({ now: signedInAt, toFake: ["Date"] });
    try {
      const account = await createAdmin();
      let cookie = await signIn(account);
      const { sid, sub } = decodeJwt(tokenOf(cookie));
      // Used every 20 minutes for a working day: the idle limit never ends it, and each answer
      // slides the window and re-issues the cookie, which the next request carries.
      for (let minutes = 20; minutes < 8 * 60; minutes += 20) {
        vi.setSystemTime(signedInAt + minutes * 60_000);
        const response = await sessionGet(cookie);
        expect(response.status, `${minutes} minutes after sign-in`).toBe(200);
        cookie = cookieFrom(response);
      }
      vi.setSystemTime(signedInAt + 8 * 60 * 60_000 - 1000);
      const lastSecond = await sessionGet(cookie);
      expect(lastSecond.status, "a second before 8 hours").toBe(200);
      cookie = cookieFrom(lastSecond);

      vi.setSystemTime(signedInAt + 8 * 60 * 60_000 + 1000);
      expect((await sessionGet(cookie)).status, "the cookie of the last answer").toBe(401);
      // A token whose own expiry lies later is refused too: the server-side session is over.
      const later = await forge(
        { sid, sub, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE },
        { exp: Math.floor(Date.now() / 1000) + 600 },
      );
      expect((await sessionGet(`__Host-gn_admin=${later}`)).status, "a token valid for longer").toBe(401);
    } finally {
      vi.useRealTimers();
    }
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
