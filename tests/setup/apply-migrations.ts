import { applyD1Migrations, env } from "cloudflare:test";

// Idempotent: migrations already applied in this storage are skipped.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
