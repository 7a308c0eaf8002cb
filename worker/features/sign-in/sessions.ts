import { drizzle } from "drizzle-orm/d1";
import { jwtVerify, SignJWT } from "jose";
import { SESSION_IDLE_MS } from "../../../shared/admin";
import { randomToken } from "../../platform/crypto";
import { revokeSession } from "./queries";

/**
 * Admin session tokens: HS256 JWTs signed with JWT_SECRET, carried in a `__Host-` cookie.
 * The algorithm, issuer and audience are pinned; exp, iat, sub and sid are required. The token
 * only names a server-side session (sid); the database row decides whether it is still alive.
 */
export const SESSION_COOKIE = "__Host-gn_admin";
export const TOKEN_ISSUER = "gilded-needle/worker";
export const TOKEN_AUDIENCE = "gilded-needle/admin";
const ALGORITHM = "HS256";

export interface SessionClaims {
  adminId: string;
  sessionId: string;
}

/** The secret must be long enough to be a real key; a short or missing one fails closed. */
export function signingKey(secret: string | undefined): Uint8Array | null {
  if (!secret || secret.length < 32) return null;
  return new TextEncoder().encode(secret);
}

export async function signSessionToken(
  key: Uint8Array,
  claims: SessionClaims,
  nowMs: number,
  absoluteEndMs: number,
): Promise<{ token: string; expiresAtMs: number }> {
  const expiresAtMs = Math.min(nowMs + SESSION_IDLE_MS, absoluteEndMs);
  const token = await new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setSubject(claims.adminId)
    .setIssuedAt(Math.floor(nowMs / 1000))
    .setExpirationTime(Math.floor(expiresAtMs / 1000))
    .sign(key);
  return { token, expiresAtMs };
}

/** The claims of a valid token, or null for anything else (bad signature, alg, aud, expiry...). */
export async function verifySessionToken(key: Uint8Array, token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ["exp", "iat", "sub", "sid"],
    });
    if (typeof payload.sid !== "string" || typeof payload.sub !== "string") return null;
    return { adminId: payload.sub, sessionId: payload.sid };
  } catch {
    return null;
  }
}

/** 256 random bits, base64url: session ids are unguessable on their own too. */
export function newSessionId(): string {
  return randomToken();
}

/** Signing out ends the session on the server too: its cookie is worthless from now on. */
export function signOut(d1: D1Database, sessionId: string, now: Date): Promise<void> {
  return revokeSession(drizzle(d1), sessionId, now.toISOString());
}
