import { defineConfig } from "vitest/config";

// Browser and HTTP tests against the built site served by workerd (wrangler dev) on loopback,
// driven by a real headless Chromium. `npm test` builds first; tests/e2e/global-setup.ts
// builds when dist/ is missing.
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./tests/e2e/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // One server is shared; files run one after another.
    fileParallelism: false,
    // tests/support/d1.ts reads the served D1 through node:sqlite, which Node 22 still flags as
    // experimental on every load.
    execArgv: ["--disable-warning=ExperimentalWarning"],
  },
});
