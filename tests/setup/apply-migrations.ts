import { env, reset } from "cloudflare:test";
import { vi } from "vitest";

// Test files share a runtime (vitest.worker.config.ts), yet each starts as if alone: the
// modules are evaluated afresh (the worker keeps caches for the life of its isolate), the clock
// is the real one, storage is emptied, and the migrations are applied to it.
vi.resetModules();
vi.useRealTimers();
await reset();
await migrate(env.DB, env.TEST_MIGRATIONS);
await migrate(env.METRICS_DB, env.TEST_METRICS_MIGRATIONS);

/**
 * Every migration into an empty database in one batch (one round trip, one transaction),
 * recorded in d1_migrations under its name as wrangler records it.
 */
async function migrate(db: D1Database, migrations: { name: string; queries: string[] }[]) {
  const record = db.prepare("INSERT INTO d1_migrations (name) VALUES (?)");
  await db.batch([
    db.prepare(
      "CREATE TABLE d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)",
    ),
    ...migrations.flatMap((migration) => [
      ...migration.queries.map((query) => db.prepare(query)),
      record.bind(migration.name),
    ]),
  ]);
}
