import { and, count, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { adminSessions, admins, loginFailures } from "../../platform/db/schema";

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

/**
 * Reserves one attempt against every key in a single statement: a row per key is written only if
 * each key has fewer than `max` rows in the window. The database runs one statement at a time,
 * so however many guesses arrive together, no more than `max` of them get a row and so a
 * password check. Returns the reserved rows' ids, or null when a key has no attempt left.
 * The rows stay as the failures they record unless the password turns out right.
 */
export async function reserveAttempt(
  db: Db,
  keys: string[],
  max: number,
  windowStartIso: string,
  nowIso: string,
): Promise<number[] | null> {
  const values = sql.join(
    keys.map((key) => sql`(${key})`),
    sql`, `,
  );
  const underLimit = sql.join(
    keys.map(
      (key) =>
        sql`(SELECT count(*) FROM login_failures WHERE key = ${key} AND created_at >= ${windowStartIso}) < ${max}`,
    ),
    sql` AND `,
  );
  const rows = await db.all<{ id: number }>(
    sql`INSERT INTO login_failures (key, created_at) SELECT column1, ${nowIso} FROM (VALUES ${values}) WHERE ${underLimit} RETURNING id`,
  );
  return rows.length === keys.length ? rows.map((r) => r.id) : null;
}

/** Gives back reserved attempts (the password was right), and forgets failures past the window. */
export async function releaseAttempt(db: Db, ids: number[], windowStartIso: string) {
  await db.batch([
    db.delete(loginFailures).where(inArray(loginFailures.id, ids)),
    db.delete(loginFailures).where(lt(loginFailures.createdAt, windowStartIso)),
  ]);
}

/** Forgets failures older than the window, so the table stays small. */
export async function forgetOldFailures(db: Db, windowStartIso: string) {
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, windowStartIso));
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

export function findAdminById(db: Db, id: string) {
  return db.select().from(admins).where(eq(admins.id, id)).get();
}
