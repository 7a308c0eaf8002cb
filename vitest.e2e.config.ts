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
    // CI runs these beside the worker suite on two cores: an answer the page waits for can take
    // longer than vitest's 1 s default for expect.poll without anything being wrong. A poll that
    // passes returns at once, so a longer limit only slows a failure.
    expect: { poll: { timeout: 5_000 } },
    // One server is shared; files run one after another.
    fileParallelism: false,
    // tests/support/d1.ts reads the served D1 through node:sqlite, which Node 22 still flags as
    // experimental on every load.
    execArgv: ["--disable-warning=ExperimentalWarning"],
  },
});
