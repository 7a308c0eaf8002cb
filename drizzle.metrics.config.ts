import { defineConfig } from "drizzle-kit";

// The measurements database (METRICS_DB) has its own schema and numbered SQL in
// migrations-metrics/, applied by `wrangler d1 migrations apply METRICS_DB` like the main one.
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/features/measurements/tables.ts",
  out: "./migrations-metrics",
});
