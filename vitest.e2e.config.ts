import { defineConfig } from "vitest/config";
import { nodeOnlyTests } from "./vitest.node.config";

/**
 * Files that change what every other file sees: they publish the studio's content (the text,
 * photos and open books every page shows), clear the web-vitals every admin dashboard counts or
 * lock an address out of sign-in. They run one after another on a server of their own, with its
 * own local state (tests/e2e/global-setup.ts), so what they change no other file sees; `npm test`
 * runs them in a vitest process of their own, beside the other files instead of after them.
 */
const studio = [
  "tests/e2e/admin-flow.test.ts",
  "tests/e2e/admin-studio*.test.ts",
  "tests/e2e/content-api.test.ts",
  "tests/e2e/gallery-healed.test.ts",
  "tests/e2e/live-content.test.ts",
  "tests/e2e/photos-served.test.ts",
  "tests/e2e/waitlist.test.ts",
];

/**
 * Files that time a page's first paint against its requests or its layout shifts: other files'
 * work on the same two cores would move those timings. They run one after another once every
 * other file (the studio's included) is done.
 */
const quiet = [
  // Publishes as the studio's files do, and restores what it published when it ends; beside
  // the other files on two cores its Studio screens missed their 30 s waits in fresh-clone runs.
  "tests/e2e/admin-studio-content.test.ts",
  "tests/e2e/layout-stability.test.ts",
  "tests/e2e/lead-image.test.ts",
];

// Browser and HTTP tests against the built site served by workerd (wrangler dev) on loopback,
// driven by a real headless Chromium. `npm test` builds first; tests/e2e/global-setup.ts
// builds when dist/ is missing and starts the servers and the one Chromium of the process.
// Run whole, the projects run in groupOrder: `site`, then `studio` on its own server, then
// `quiet`; `npm test` runs `studio` in a second process beside `site` and `quiet`.
export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // CI runs these beside the worker suite on two cores: an answer the page waits for can take
    // longer than vitest's 1 s default for expect.poll without anything being wrong. A poll that
    // passes returns at once, so a longer limit only slows a failure.
    expect: { poll: { timeout: 15_000 } },
    // Three files at a time (docs/decisions/025-browser-tests-side-by-side.md, last amendment):
    // the files mostly wait on Chromium and the served worker, and the timeouts more at once used
    // to meet were workerd's D1 refusing a visitor's write while a test wrote a fixture row from
    // outside, which tests now send through the server instead.
    maxWorkers: 3,
    // tests/support/d1.ts reads the served D1 through node:sqlite, which Node 22 still flags as
    // experimental on every load.
    execArgv: ["--disable-warning=ExperimentalWarning"],
    projects: [
      {
        extends: true,
        test: {
          name: "site",
          include: ["tests/e2e/**/*.test.ts"],
          exclude: [...studio, ...quiet, ...nodeOnlyTests],
          sequence: { groupOrder: 0 },
          globalSetup: ["./tests/e2e/global-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          // The name picks the server (tests/e2e/global-setup.ts).
          name: "studio",
          include: studio,
          exclude: quiet,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          globalSetup: ["./tests/e2e/global-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "quiet",
          include: quiet,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
          globalSetup: ["./tests/e2e/global-setup.ts"],
        },
      },
    ],
  },
});
