import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { SignJWT } from "jose";
import { afterEach, beforeEach, vi } from "vitest";
import app from "../../worker/app";
import { hashPassword } from "../../worker/features/sign-in/passwords";
import { startSession } from "../../worker/features/sign-in/service";
import { SESSION_COOKIE, signingKey } from "../../worker/features/sign-in/sessions";
import { admins } from "../../worker/platform/db/schema";
import { emptyTables } from "./support";

export const ORIGIN = "https://studio.test";
export const secrets = {
  JWT_SECRET: "test-jwt-secret-0123456789abcdef0123456789abcdef",
  PASSWORD_PEPPER: "test-pepper-0123456789abcdef",
};

/** Sends a request through the worker app with the admin secrets configured. */
export function adminCall(path: string, init: RequestInit = {}, overrides: Partial<Env> = {}) {
  return app.request(new Request(new URL(path, ORIGIN), init), undefined, {
    ...env,
    ...secrets,
    ...overrides,
  });
}

let counter = 0;
export async function createAdmin(password = "correct horse battery staple") {
  counter++;
  const id = `admin-${counter}-${crypto.randomUUID()}`;
  const email = `artist${counter}-${id.slice(-6)}@studio.test`;
  await drizzle(env.DB)
    .insert(admins)
    .values({ id, email, passwordHash: await hashPassword(password, secrets.PASSWORD_PEPPER) });
  return { id, email, password };
}

/**
 * A signed-in admin, for tests about what she does rather than how she signs in: her account
 * holds no password (hashing one is the slow part of a sign-in, by design) and her session is
 * opened the way a sign-in opens it. Returns the Cookie header value to send back.
 */
export async function signedInAdmin(): Promise<{ id: string; email: string; cookie: string }> {
  counter++;
  const id = `admin-${counter}-${crypto.randomUUID()}`;
  const email = `artist${counter}-${id.slice(-6)}@studio.test`;
  await drizzle(env.DB)
    .insert(admins)
    .values({ id, email, passwordHash: "no password: signed in by the test" });
  const key = signingKey(secrets.JWT_SECRET);
  if (!key) throw new Error("the test JWT_SECRET is too short");
  const { token } = await startSession(
    { db: drizzle(env.DB), signingKey: key, deviceSecret: secrets.JWT_SECRET },
    { id, email, role: "admin" },
    null,
    Date.now(),
  );
  return { id, email, cookie: `${SESSION_COOKIE}=${token}` };
}

/**
 * A fresh signed-in admin (see signedInAdmin) before each test of the calling file, with the
 * routes' logs kept quiet. Read `.cookie` inside a test: it is the one of the test running.
 */
export function signedInEachTest() {
  const admin = { id: "", email: "", cookie: "" };
  beforeEach(async () => {
    quietLogs();
    Object.assign(admin, await signedInAdmin());
  });
  return admin;
}

/**
 * A JSON post to the sign-in route with any body, from the studio's own origin (`headers` add to
 * or replace its headers), the bindings changed by `overrides`: for bodies a form would never send.
 */
export function postLogin(body: unknown, headers: Record<string, string> = {}, overrides: Partial<Env> = {}) {
  return adminCall(
    "/api/admin/login",
    {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN, ...headers },
      body: JSON.stringify(body),
    },
    overrides,
  );
}

export function login(email: string, password: string, headers: Record<string, string> = {}) {
  return postLogin({ email, password }, { "CF-Connecting-IP": "203.0.113.9", ...headers });
}

/** Signs in and returns the Cookie header value to send back. */
export async function signIn(
  account: { email: string; password: string },
  ip = "203.0.113.9",
): Promise<string> {
  const response = await login(account.email, account.password, { "CF-Connecting-IP": ip });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  return cookieFrom(response);
}

export function cookieFrom(response: Response): string {
  const header = response.headers.getSetCookie().find((c) => c.startsWith("__Host-gn_admin="));
  if (!header) throw new Error("no session cookie");
  return header.split(";")[0] ?? "";
}

/** Same-origin JSON request with a session cookie (and, if given, other bindings). */
export function send(
  method: string,
  path: string,
  cookie: string,
  body?: unknown,
  overrides: Partial<Env> = {},
) {
  return adminCall(
    path,
    {
      method,
      headers: {
        Cookie: cookie,
        Origin: ORIGIN,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    },
    overrides,
  );
}

/** The admin routes log sign-ins and throttling; keep test output clean (tests assert what matters). */
export function quietLogs() {
  return {
    info: vi.spyOn(console, "log").mockImplementation(() => {}),
    warn: vi.spyOn(console, "warn").mockImplementation(() => {}),
  };
}

/** Each test of the block starts on the tables given emptied, its logs kept quiet until it ends. */
export function quietOnEmptyTables(...tables: string[]) {
  beforeEach(async () => {
    quietLogs();
    await emptyTables(...tables);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}

/** The signing key the worker uses in these tests. */
const signingKeyBytes = new TextEncoder().encode(secrets.JWT_SECRET);

export const b64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** The token inside a session Cookie header value. */
export const tokenOf = (cookie: string) => cookie.slice("__Host-gn_admin=".length);

export const sessionGet = (cookie: string) =>
  adminCall("/api/admin/session", { headers: { Cookie: cookie } });

/** Signs the session of `cookie` out, from the studio's own origin as the admin does. */
export const logout = (cookie: string) => send("POST", "/api/admin/logout", cookie);

/** A token with the right shape, signed with the real key, for a session that exists. */
export async function forge(
  claims: Record<string, unknown>,
  options: { key?: Uint8Array; exp?: number } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt(now)
    .setExpirationTime(options.exp ?? now + 600)
    .sign(options.key ?? signingKeyBytes);
}
