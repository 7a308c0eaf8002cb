import { defineConfig } from "drizzle-kit";

// drizzle-kit writes numbered SQL into migrations/; wrangler applies it locally, in tests
// (readD1Migrations) and on deploy. The schema file is the source of truth.
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/platform/db/schema.ts",
  out: "./migrations",
});
