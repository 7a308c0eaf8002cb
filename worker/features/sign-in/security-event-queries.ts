import { and, eq, lte, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { type SecurityEventKind, securityEvents } from "../../platform/db/schema";

type Db = DrizzleD1Database;

/** Writes an event once: a second request noticing the same occurrence adds nothing. */
export async function recordSecurityEvent(
  db: Db,
  values: { adminId: string; event: SecurityEventKind; detail: string; dedupeKey: string },
) {
  await db.insert(securityEvents).values(values).onConflictDoNothing();
}

/** Events whose e-mail is due, oldest first. */
export function dueSecurityMail(db: Db, nowIso: string, limit: number) {
  return db
    .select({ id: securityEvents.id })
    .from(securityEvents)
    .where(and(eq(securityEvents.mailStatus, "pending"), lte(securityEvents.nextAttemptAt, nowIso)))
    .orderBy(securityEvents.nextAttemptAt)
    .limit(limit)
    .all();
}

/** Claims one due e-mail by moving its next attempt past a lease, in one statement. */
export function claimSecurityMail(db: Db, id: number, nowIso: string, leaseUntilIso: string) {
  return db
    .update(securityEvents)
    .set({ nextAttemptAt: leaseUntilIso, mailAttempts: sql`${securityEvents.mailAttempts} + 1` })
    .where(
      and(
        eq(securityEvents.id, id),
        eq(securityEvents.mailStatus, "pending"),
        lte(securityEvents.nextAttemptAt, nowIso),
      ),
    )
    .returning()
    .get();
}

export async function settleSecurityMail(
  db: Db,
  id: number,
  outcome:
    | { status: "sent" }
    | { status: "pending"; nextAttemptAt: string; error: string }
    | { status: "failed"; error: string },
) {
  await db
    .update(securityEvents)
    .set({
      mailStatus: outcome.status,
      ...(outcome.status === "pending" ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
      lastError: outcome.status === "sent" ? null : outcome.error,
    })
    .where(eq(securityEvents.id, id));
}
