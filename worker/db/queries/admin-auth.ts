import { and, count, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { adminSessions, admins, loginFailures } from "../schema";

type Db = DrizzleD1Database;

export function findAdminByEmail(db: Db, email: string) {
  return db.select().from(admins).where(sql`lower(${admins.email}) = ${email.toLowerCase()}`).get();
}

/** Failures per key since a moment, with the oldest one (to tell when the window passes). */
export async function recentFailures(db: Db, keys: string[], sinceIso: string) {
  const rows = await db
    .select({
      key: loginFailures.key,
      failures: count(),
      oldest: sql<string>`min(${loginFailures.createdAt})`,
    })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, keys), gte(loginFailures.createdAt, sinceIso)))
    .groupBy(loginFailures.key)
    .all();
  return rows;
}

/** Records a failure and forgets failures older than the window, so the table stays small. */
export async function recordFailure(db: Db, keys: string[], windowStartIso: string) {
  await db.batch([
    db.insert(loginFailures).values(keys.map((key) => ({ key }))),
    db.delete(loginFailures).where(lt(loginFailures.createdAt, windowStartIso)),
  ]);
}

export async function clearFailures(db: Db, key: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

/** Housekeeping on sign-in: forget old failures and sessions that can never be used again. */
export async function pruneAuthRows(db: Db, failuresBeforeIso: string, sessionsBeforeIso: string) {
  await db.batch([
    db.delete(loginFailures).where(lt(loginFailures.createdAt, failuresBeforeIso)),
    db.delete(adminSessions).where(lt(adminSessions.expiresAt, sessionsBeforeIso)),
  ]);
}

export async function createSession(db: Db, values: { id: string; adminId: string; expiresAt: string }) {
  await db.insert(adminSessions).values(values);
}

/** The session row and its admin, if the session was neither revoked nor deleted. */
export function findLiveSession(db: Db, sessionId: string) {
  return db
    .select({
      id: adminSessions.id,
      adminId: adminSessions.adminId,
      lastSeenAt: adminSessions.lastSeenAt,
      expiresAt: adminSessions.expiresAt,
      email: admins.email,
      role: admins.role,
    })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(and(eq(adminSessions.id, sessionId), isNull(adminSessions.revokedAt)))
    .get();
}

export async function touchSession(db: Db, sessionId: string, nowIso: string) {
  await db.update(adminSessions).set({ lastSeenAt: nowIso }).where(eq(adminSessions.id, sessionId));
}

export async function revokeSession(db: Db, sessionId: string, nowIso: string) {
  await db
    .update(adminSessions)
    .set({ revokedAt: nowIso })
    .where(and(eq(adminSessions.id, sessionId), isNull(adminSessions.revokedAt)));
}
