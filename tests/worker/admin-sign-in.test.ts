import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { loginMessages } from "../../shared/admin";
import { PBKDF2_ITERATIONS, verifyPassword } from "../../worker/features/sign-in/passwords";
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from "../../worker/features/sign-in/sessions";
import { adminSessions, admins, loginFailures } from "../../worker/platform/db/schema";
import {
  adminCall,
  cookieFrom,
  createAdmin,
  login,
  ORIGIN,
  postLogin,
  quietLogs,
  secrets,
  tokenOf,
} from "./admin-support";

let logs: ReturnType<typeof quietLogs>;
beforeEach(() => {
  logs = quietLogs();
});

const db = () => drizzle(env.DB);

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
      const response = await postLogin(body);
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
    const response = await postLogin({ email: "a@b.test", password: "x".repeat(10_000) });
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
    const { hashPassword } = await import("../../worker/features/sign-in/passwords");
    await db()
      .insert(admins)
      .values({
        id: "local-admin",
        email: "artist@localhost.test",
        passwordHash: await hashPassword("local-pass", pepper),
      });
    expect((await login("artist@localhost.test", "local-pass")).status).toBe(200);
    const production = await postLogin(
      { email: "artist@localhost.test", password: "local-pass" },
      { "CF-Connecting-IP": "10.1.1.1" },
      { ENVIRONMENT: "production" },
    );
    expect(production.status).toBe(401);
  });

  it("fails closed with 503 when the signing secret is missing or too short", async () => {
    const account = await createAdmin();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await postLogin(
      { email: account.email, password: account.password },
      {},
      { JWT_SECRET: "short" },
    );
    expect(response.status).toBe(503);
    // The configuration report names the secret; the sign-in says why it refused.
    const lines = logged.mock.calls.map(([line]) => JSON.parse(String(line)));
    expect(lines.map((line) => line.dependency ?? line.message)).toEqual([
      "JWT_SECRET",
      "admin sign-in is not configured (JWT_SECRET or PASSWORD_PEPPER missing)",
    ]);
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
