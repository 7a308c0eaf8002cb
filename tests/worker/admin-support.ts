import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { vi } from "vitest";
import app from "../../worker/app";
import { admins } from "../../worker/db/schema";
import { hashPassword } from "../../worker/services/passwords";

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

export function login(email: string, password: string, headers: Record<string, string> = {}) {
  return adminCall("/api/admin/login", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: ORIGIN,
      "CF-Connecting-IP": "203.0.113.9",
      ...headers,
    },
    body: JSON.stringify({ email, password }),
  });
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

/** Same-origin JSON request with a session cookie. */
export function send(method: string, path: string, cookie: string, body?: unknown) {
  return adminCall(path, {
    method,
    headers: {
      Cookie: cookie,
      Origin: ORIGIN,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** The admin routes log sign-ins and throttling; keep test output clean (tests assert what matters). */
export function quietLogs() {
  return {
    info: vi.spyOn(console, "log").mockImplementation(() => {}),
    warn: vi.spyOn(console, "warn").mockImplementation(() => {}),
  };
}
