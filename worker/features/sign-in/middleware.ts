import { drizzle } from "drizzle-orm/d1";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { RequestIdVariables } from "hono/request-id";
import {
  type AdminUser,
  BACKGROUND_HEADER,
  SESSION_ENDS_HEADER,
  SESSION_IDLE_MS,
} from "../../../shared/admin";
import { SESSION_HINT_COOKIE } from "../../../shared/admin-session";
import { ApiError } from "../../platform/api-error";
import type { Bindings } from "../../types";
import { findLiveSession, touchSession } from "./queries";
import { SESSION_COOKIE, signingKey, signSessionToken, verifySessionToken } from "./sessions";

export type AdminEnv = {
  Bindings: Bindings;
  Variables: RequestIdVariables & { admin: AdminUser; sessionId: string; sessionExpiresAt: string };
};

/** Re-issue the cookie (sliding the idle window) at most once a minute, to spare D1 writes. */
const TOUCH_EVERY_MS = 60 * 1000;

/**
 * The local development account exists only in local databases (scripts/lib/local-env.mjs); a
 * deployed worker refuses it even if the row were somehow copied there.
 */
export const isLocalOnlyAccount = (env: Bindings, admin: { id: string; email: string }) =>
  env.ENVIRONMENT === "production" && (admin.id === "local-admin" || admin.email.endsWith("@localhost.test"));

export function setSessionCookie(c: Context, token: string, expiresAtMs: number) {
  const maxAge = Math.max(0, Math.floor((expiresAtMs - Date.now()) / 1000));
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: "Strict",
    path: "/",
    maxAge,
  });
  // Readable by the admin's pages only, and worth nothing to anyone: see SESSION_HINT_COOKIE.
  setCookie(c, SESSION_HINT_COOKIE, "1", { secure: true, sameSite: "Strict", path: "/admin", maxAge });
}

export function clearSessionCookie(c: Context) {
  deleteCookie(c, SESSION_HINT_COOKIE, { path: "/admin", secure: true, sameSite: "Strict" });
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: true, httpOnly: true, sameSite: "Strict" });
}

/** The Set-Cookie value that removes the session cookie. */
const expiredSessionCookie = `${SESSION_COOKIE}=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Strict`;

function refuse(message = "Please sign in to continue."): never {
  throw new ApiError(401, message, { headers: { "Set-Cookie": expiredSessionCookie } });
}

/**
 * The session the request's cookie names, checked as every admin answer checks it: a valid signed
 * token naming a live server-side session, within 30 minutes idle and 8 hours absolute. Slides
 * the idle window (a fresh cookie) at most once a minute. Throws the 401 answer otherwise.
 */
export async function checkAdminSession<E extends { Bindings: Bindings }>(c: Context<E>) {
  const key = signingKey(c.env.JWT_SECRET);
  if (!key) throw new ApiError(503, "Sign-in is not configured on this server.", { code: "not_configured" });
  const token = getCookie(c, SESSION_COOKIE);
  if (!token) refuse();
  const claims = await verifySessionToken(key, token);
  if (!claims) refuse();

  const db = drizzle(c.env.DB);
  const session = await findLiveSession(db, claims.sessionId);
  const now = Date.now();
  if (
    !session ||
    session.adminId !== claims.adminId ||
    Date.parse(session.expiresAt) <= now ||
    Date.parse(session.lastSeenAt) + SESSION_IDLE_MS <= now ||
    isLocalOnlyAccount(c.env, { id: session.adminId, email: session.email })
  ) {
    refuse("Your session has ended. Please sign in again.");
  }

  let idleEnd = Date.parse(session.lastSeenAt) + SESSION_IDLE_MS;
  const background = c.req.header(BACKGROUND_HEADER) === "1";
  if (!background && now - Date.parse(session.lastSeenAt) >= TOUCH_EVERY_MS) {
    await touchSession(db, session.id, new Date(now).toISOString());
    const { token: fresh, expiresAtMs } = await signSessionToken(
      key,
      claims,
      now,
      Date.parse(session.expiresAt),
    );
    setSessionCookie(c, fresh, expiresAtMs);
    idleEnd = now + SESSION_IDLE_MS;
  }
  const ends = Math.min(idleEnd, Date.parse(session.expiresAt));
  // Every admin answer says how long the session has left unless used again, so the screen can
  // warn before it ends and show the sign-in page when it has, instead of looking signed in.
  c.header(SESSION_ENDS_HEADER, String(Math.max(0, ends - now)));
  const admin: AdminUser = { id: session.adminId, email: session.email, role: session.role };
  return { admin, sessionId: session.id, expiresAt: new Date(ends).toISOString() };
}

/** The one guard of every /api/admin/* route except sign-in (checkAdminSession). */
export const requireAdmin = createMiddleware<AdminEnv>(async (c, next) => {
  const session = await checkAdminSession(c);
  c.set("admin", session.admin);
  c.set("sessionId", session.sessionId);
  c.set("sessionExpiresAt", session.expiresAt);
  await next();
});
