import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { TestProject } from "vitest/node";
import { startFakeStripe } from "../../scripts/fake-stripe.mjs";
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

/**
 * The built worker's config with the telemetry limit opened up, written beside it (so assets and
 * .dev.vars resolve the same). For the same reason as the daily cap: the unload beacons of all
 * browser tests reach the server as one visitor, a few hundred a minute, and the per-minute
 * limit answered some of them 429, so a test waiting for its page's web-vitals found them
 * missing in about one full run in two. The limit itself is tested in the worker tests.
 */
function testServerConfig(workerConfig: string): string {
  const config = JSON.parse(readFileSync(workerConfig, "utf8")) as {
    ratelimits?: { name: string; simple: { limit: number; period: number } }[];
  };
  const telemetry = config.ratelimits?.find((limit) => limit.name === "RATE_LIMIT_TELEMETRY");
  if (!telemetry)
    throw new Error(`${workerConfig} has no RATE_LIMIT_TELEMETRY to open up for the browser tests`);
  telemetry.simple.limit = 100_000;
  const path = join(dirname(workerConfig), "wrangler.e2e.json");
  writeFileSync(path, JSON.stringify(config));
  return path;
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
    `JWT_SECRET="e2e-jwt-secret-not-a-real-secret-0123456789"\nPASSWORD_PEPPER="${adminPepper}"\nRATE_LIMIT_SECRET="e2e-rate-limit-secret-not-a-real-secret-0123"\nRELEASE_FORM_KEY="ZTJlLXJlbGVhc2UtZm9ybS1rZXktbm90LXJlYWwtMDE="\n`,
  );
  const port = Number(process.env.E2E_PORT ?? 8790);
  // Deposits are paid on the local fake of Stripe's API, reached by the worker's real client.
  const webhookSecret = "whsec_e2e_not_a_real_secret";
  const stripe = await startFakeStripe({
    webhookUrl: `http://127.0.0.1:${port}/api/stripe/webhook`,
    webhookSecret,
  });
  const server = await startDevServer({
    port,
    persistTo: e2eState,
    config: testServerConfig(workerConfig),
    fresh: true,
    // Beacons sent while a page unloads leave after its frame is gone, without the per-test
    // address header, so every browser test's page views count against one address (127.0.0.1):
    // the day's measurement cap would be spent before the last file.
    vars: {
      MEASUREMENT_DAILY_ROWS: "100000",
      STRIPE_SECRET_KEY: "sk_test_e2e_fake",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: stripe.url,
    },
  });
  project.provide("baseUrl", server.url);
  project.provide("adminPepper", adminPepper);
  return async () => {
    await server.stop();
    await stripe.close();
  };
}
