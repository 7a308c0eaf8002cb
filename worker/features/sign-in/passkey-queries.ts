import { and, eq, gt, lt } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { passkeys, webauthnChallenges } from "../../platform/db/schema";

type Db = DrizzleD1Database;

/** Stores a challenge, forgetting expired ones so the table stays small. */
export async function saveChallenge(db: Db, values: typeof webauthnChallenges.$inferInsert, nowIso: string) {
  await db.batch([
    db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, nowIso)),
    db.insert(webauthnChallenges).values(values),
  ]);
}

/** Takes a live challenge for one purpose, deleting it in the same statement: usable once. */
export function takeChallenge(
  db: Db,
  challenge: string,
  purpose: "register" | "authenticate",
  nowIso: string,
) {
  return db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, nowIso),
      ),
    )
    .returning()
    .get();
}

export function listPasskeys(db: Db, adminId: string) {
  return db.select().from(passkeys).where(eq(passkeys.adminId, adminId)).orderBy(passkeys.createdAt).all();
}

export function findPasskey(db: Db, id: string) {
  return db.select().from(passkeys).where(eq(passkeys.id, id)).get();
}

export async function insertPasskey(db: Db, values: typeof passkeys.$inferInsert) {
  await db.insert(passkeys).values(values);
}

export async function markPasskeyUsed(db: Db, id: string, counter: number, nowIso: string) {
  await db.update(passkeys).set({ counter, lastUsedAt: nowIso }).where(eq(passkeys.id, id));
}

/** Renames or removes one of an admin's passkeys; false when she has none by that id. */
export async function renamePasskey(db: Db, adminId: string, id: string, name: string) {
  const row = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.adminId, adminId)))
    .returning({ id: passkeys.id })
    .get();
  return Boolean(row);
}

export async function deletePasskey(db: Db, adminId: string, id: string) {
  const row = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.adminId, adminId)))
    .returning({ id: passkeys.id })
    .get();
  return Boolean(row);
}
