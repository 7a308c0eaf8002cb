import { defineConfig } from "vitest/config";
import { nodeOnlyTests } from "./vitest.node.config";

/**
 * Files that change what every other file sees: they publish the studio's content (the text,
 * photos and open books every page shows) or clear the web-vitals every admin dashboard counts.
 * With them, the files that time a page's first paint against its requests or its layout shifts,
 * and the one that follows a visitor's measurement beacons across a page change: other files'
 * work on the same two cores would move those timings. They run one after another,
 * once every other file is done; the other files run side by side, each making rows of its own
 * (unique ids, emails, addresses) on the one server.
 */
const exclusive = [
  "tests/e2e/admin-flow.test.ts",
  "tests/e2e/admin-studio*.test.ts",
  "tests/e2e/content-api.test.ts",
  "tests/e2e/gallery-healed.test.ts",
  "tests/e2e/layout-stability.test.ts",
  "tests/e2e/lead-image.test.ts",
  "tests/e2e/live-content.test.ts",
  "tests/e2e/photos-served.test.ts",
  "tests/e2e/privacy-consent.test.ts",
  "tests/e2e/waitlist.test.ts",
];

// Browser and HTTP tests against the built site served by workerd (wrangler dev) on loopback,
// driven by a real headless Chromium. `npm test` builds first; tests/e2e/global-setup.ts
// builds when dist/ is missing and starts the one server and the one Chromium of the run.
export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // CI runs these beside the worker suite on two cores: an answer the page waits for can take
    // longer than vitest's 1 s default for expect.poll without anything being wrong. A poll that
    // passes returns at once, so a longer limit only slows a failure.
    expect: { poll: { timeout: 15_000 } },
    // Two files at a time (docs/decisions/025-browser-tests-side-by-side.md, last amendment): the
    // timeouts two at once used to meet were workerd's D1 refusing a visitor's write while a test
    // wrote a fixture row from outside, which tests now send through the server instead.
    maxWorkers: 2,
    // tests/support/d1.ts reads the served D1 through node:sqlite, which Node 22 still flags as
    // experimental on every load.
    execArgv: ["--disable-warning=ExperimentalWarning"],
    projects: [
      {
        extends: true,
        test: {
          name: "site",
          include: ["tests/e2e/**/*.test.ts"],
          exclude: [...exclusive, ...nodeOnlyTests],
          sequence: { groupOrder: 0 },
          globalSetup: ["./tests/e2e/global-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "exclusive",
          include: exclusive,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          globalSetup: ["./tests/e2e/global-setup.ts"],
        },
      },
    ],
  },
});
