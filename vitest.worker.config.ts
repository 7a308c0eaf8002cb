import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { adminRenderAlias, siteRenderAlias } from "./scripts/lib/site-render-alias.mjs";

// Worker tests run inside workerd with the real D1, KV and R2 bindings from wrangler.toml and the
// real migrations applied. The files of a vitest worker share one runtime; before each file
// tests/setup/fresh-storage.ts empties every binding, checks it is empty, applies the migrations
// and has the worker evaluated afresh, so no file sees another's rows or cached state.
export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      // workerd's own log lines, off: with them on, every file's reset() of storage prints the
      // exception it aborts the storage objects with. Failures still reach vitest as errors.
      verbose: false,
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        // An empty database the backup tests restore a nightly copy into.
        d1Databases: ["RESTORE_DB"],
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations("./migrations"),
          TEST_METRICS_MIGRATIONS: await readD1Migrations("./migrations-metrics"),
          // Test-only secrets, so a fresh clone (no .dev.vars) runs the same as a configured one.
          JWT_SECRET: "test-only-jwt-secret-0123456789abcdef0123456789",
          PASSWORD_PEPPER: "test-only-pepper-0123456789abcdef",
          RATE_LIMIT_SECRET: "test-only-rate-limit-secret-0123456789abcdef",
          // base64 of 32 bytes, test-only.
          RELEASE_FORM_KEY: "dGVzdC1vbmx5LXJlbGVhc2UtZm9ybS1rZXktMzJieXQ=",
          // The optional services' keys, off: a developer's .dev.vars (npm start writes a push
          // key there) must not change what the tests see. Tests that need one set it.
          ...Object.fromEntries(
            [
              "TURNSTILE_SECRET_KEY",
              "MAIL_API_KEY",
              "PAGESPEED_API_KEY",
              "GSC_SERVICE_ACCOUNT_JSON",
              "GSC_PROPERTY",
              "GOOGLE_PLACES_API_KEY",
              "GOOGLE_PLACE_ID",
              "STRIPE_SECRET_KEY",
              "STRIPE_WEBHOOK_SECRET",
              "STRIPE_CARD_ON_FILE",
              "VAPID_PRIVATE_KEY",
              "SMS_AUTH_TOKEN",
            ].map((name) => [name, ""]),
          ),
          // The mail queue's cost test works off this many e-mails when set (a bench run).
          MAIL_BENCH: process.env.MAIL_BENCH ?? "",
        },
      },
    }),
  ],
  // The worker renders public pages with the site's own server render, as in the build.
  resolve: { alias: [siteRenderAlias, adminRenderAlias] },
  test: {
    include: ["tests/worker/**/*.test.ts"],
    setupFiles: ["./tests/setup/fresh-storage.ts"],
    // Property and flood tests send hundreds of requests each, beside two browser files on the
    // same two cores: a loaded machine needs the headroom (a limit only slows a failure).
    testTimeout: 60_000,
    // DEEP_FUZZ=1 runs the property tests at their deep sizes (tests/worker/property-runs.ts).
    provide: { deepFuzz: process.env.DEEP_FUZZ === "1" },
    // Two vitest workers, each one runtime (one workerd) that runs its share of the files one
    // after another (vitest's default on two cores is one worker). Starting a runtime per file
    // cost more than the tests: see docs/decisions/026-worker-test-runtime.md.
    isolate: false,
    maxWorkers: 2,
  },
}));
