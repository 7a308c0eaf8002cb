import { defineConfig } from "vitest/config";

/**
 * Tests that run in plain Node, needing neither the served site nor Chromium: the launch
 * against a stand-in wrangler, the configuration and import rules, the dev server's guards and the
 * demo data. `npm test` runs them in the lane of the static checks, after
 * the worker tests (the launch reads the build, done by then), so the browser lane, the longer
 * one, carries only what needs a browser or the server.
 */
export const nodeOnlyTests = [
  "tests/e2e/launch.test.ts",
  "tests/e2e/launch-config.test.ts",
  "tests/e2e/layer-rules.test.ts",
  "tests/e2e/dev-server.test.ts",
  "tests/e2e/demo-data.test.ts",
  "tests/e2e/privacy-rules.test.ts",
];

export default defineConfig({
  test: {
    environment: "node",
    include: nodeOnlyTests,
    testTimeout: 60_000,
    execArgv: ["--disable-warning=ExperimentalWarning"],
  },
});
