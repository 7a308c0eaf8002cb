import { eq } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { type SecurityEventKind, securityEvents } from "../../platform/db/schema";

type Db = DrizzleD1Database;

/**
 * Writes an event once, and its e-mail to the artist in the same batch: a second request noticing
 * the same occurrence adds neither. Returns the queued e-mail's id, or null when the event was
 * already there.
 */
export async function recordSecurityEvent(
  db: Db,
  values: { adminId: string; event: SecurityEventKind; detail: string; dedupeKey: string },
  now: string,
): Promise<string | null> {
  // Every drizzle D1 instance carries its binding; the event and its e-mail go in one D1 batch.
  const d1 = (db as Db & { $client: D1Database }).$client;
  const event = db.insert(securityEvents).values(values).onConflictDoNothing().toSQL();
  const [, queued] = await d1.batch<{ id: string }>([
    d1.prepare(event.sql).bind(...event.params),
    d1
      .prepare(
        `INSERT INTO mail_queue (id, kind, subject_id, topic, next_attempt_at, created_at, updated_at)
         SELECT ?1, 'security', CAST(id AS TEXT), '', ?2, ?2, ?2 FROM security_events WHERE dedupe_key = ?3
         ON CONFLICT DO NOTHING RETURNING id`,
      )
      .bind(crypto.randomUUID(), now, values.dedupeKey),
  ]);
  return queued?.results[0]?.id ?? null;
}

/** The event a security e-mail tells of. */
export function securityEventById(db: Db, id: number) {
  return db.select().from(securityEvents).where(eq(securityEvents.id, id)).get();
}
