import { existsSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { TestProject } from "vitest/node";
import { workerOutDir } from "../../scripts/lib/config.mjs";
import { startDevServer } from "../../scripts/lib/dev-server.mjs";
import { e2eState } from "../support/d1";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The PASSWORD_PEPPER of the e2e server, so tests can create admin accounts for it. */
    adminPepper: string;
  }
}

export default async function setup(project: TestProject) {
  const workerConfig = `${workerOutDir()}/wrangler.json`;
  if (!existsSync(workerConfig) || !existsSync("dist/client/about/index.html")) {
    const { buildAll } = await import("../../scripts/build.mjs");
    await buildAll({ quiet: true });
  }
  // Fixed throwaway secrets for the e2e server (wrangler dev reads .dev.vars beside the config);
  // they replace whatever the build copied there, so runs do not depend on a local .dev.vars.
  const adminPepper = "e2e-pepper-not-a-real-secret-0123456789";
  writeFileSync(
    join(dirname(workerConfig), ".dev.vars"),
    `JWT_SECRET="e2e-jwt-secret-not-a-real-secret-0123456789"\nPASSWORD_PEPPER="${adminPepper}"\nRATE_LIMIT_SECRET="e2e-rate-limit-secret-not-a-real-secret-0123"\n`,
  );
  const server = await startDevServer({
    port: Number(process.env.E2E_PORT ?? 8790),
    persistTo: e2eState,
    config: workerConfig,
    fresh: true,
    // Beacons (sendBeacon) carry no per-test address header, so every browser test's page views
    // count against one address; the day's measurement cap would be spent before the last file.
    vars: { MEASUREMENT_DAILY_ROWS: "100000" },
  });
  project.provide("baseUrl", server.url);
  project.provide("adminPepper", adminPepper);
  return () => server.stop();
}
