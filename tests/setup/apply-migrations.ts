import { applyD1Migrations, env } from "cloudflare:test";

// Idempotent: migrations already applied in this storage are skipped.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await applyD1Migrations(env.METRICS_DB, env.TEST_METRICS_MIGRATIONS);
