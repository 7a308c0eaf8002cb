import { env } from "cloudflare:test";

// Each test file runs in a runtime of its own, with empty storage (vitest.worker.config.ts):
// the migrations are applied to it before the file's tests.
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
