import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { startFakeSms } from "../../scripts/fake-sms.mjs";
import { startFakeStripe } from "../../scripts/fake-stripe.mjs";
import { e2eServerLog, workerOutDir } from "../../scripts/lib/config.mjs";
import { startDevServer } from "../../scripts/lib/dev-server.mjs";
import { chromiumFlags, chromiumPath } from "../support/browser";
import { e2eState, fixturePath } from "../support/d1";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The PASSWORD_PEPPER of the e2e server, so tests can create admin accounts for it. */
    adminPepper: string;
    /** Where the one Chromium of the run listens; each test file connects to it (tests/support/use-browser.ts). */
    browserEndpoint: string;
    /** The key the test server's fixture address asks for (tests/support/d1.ts). */
    fixtureKey: string;
    /** The local fake of the text provider: GET <smsUrl>/sent lists the texts it was sent. */
    smsUrl: string;
  }
}

/**
 * The built worker's config with its per-minute limits opened up, written beside it (so assets and
 * .dev.vars resolve the same). Every browser test reaches the server from one address, and files
 * run side by side: the unload beacons alone come a few hundred a minute, and the per-minute
 * limit answered some of them 429, so a test waiting for its page's web-vitals found them missing.
 * The limits themselves are tested in the worker tests.
 */
function testServerConfig(workerConfig: string): string {
  const config = JSON.parse(readFileSync(workerConfig, "utf8")) as {
    ratelimits?: { name: string; simple: { limit: number; period: number } }[];
    main: string;
  };
  if (!config.ratelimits?.some((limit) => limit.name === "RATE_LIMIT_TELEMETRY"))
    throw new Error(`${workerConfig} has no RATE_LIMIT_TELEMETRY to open up for the browser tests`);
  for (const limit of config.ratelimits) limit.simple.limit = 100_000;
  config.main = fixtureEntry(workerConfig, config.main);
  const path = join(dirname(workerConfig), "wrangler.e2e.json");
  writeFileSync(path, JSON.stringify(config));
  return path;
}

/**
 * The test server's entry: the built worker, plus one address for the tests' own rows.
 * Tests that need a row the site has no form for (an admin account, a request at a later stage)
 * write it through the served worker's own D1 binding, not into the SQLite file from outside:
 * workerd does not wait for a lock another process holds, so a visitor's write that met a
 * fixture's answered 503 in some other test running beside it. The address answers only with
 * the run's random key, and exists only in this file, which no build ships.
 */
function fixtureEntry(workerConfig: string, main: string): string {
  const entry = "e2e-fixtures.js";
  writeFileSync(
    join(dirname(workerConfig), entry),
    `import worker from "./${main}";

export default {
  ...worker,
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname !== "${fixturePath}") return worker.fetch(request, env, ctx);
    if (request.method !== "POST" || request.headers.get("x-e2e-fixture-key") !== env.E2E_FIXTURE_KEY) {
      return new Response("Not found", { status: 404 });
    }
    const { database, sql, params } = await request.json();
    try {
      const { results } = await env[database].prepare(sql).bind(...params).all();
      return Response.json({ rows: results });
    } catch (error) {
      return Response.json({ error: String(error?.message ?? error) }, { status: 500 });
    }
  },
};
`,
  );
  return entry;
}

interface Stack {
  provided: {
    baseUrl: string;
    adminPepper: string;
    browserEndpoint: string;
    fixtureKey: string;
    smsUrl: string;
  };
  stop(): Promise<void>;
}

/** The server, the fake of Stripe and Chromium, started once for the whole run. */
async function startStack(): Promise<Stack> {
  const workerConfig = `${workerOutDir()}/wrangler.json`;
  if (!existsSync(workerConfig) || !existsSync("dist/client/about/index.html")) {
    // In a process of its own: inside vitest NODE_ENV is "test", and Vite would bundle React's
    // development build, which no visitor gets and which breaks the script budgets.
    const built = spawnSync(process.execPath, ["scripts/build.mjs", "--quiet"], {
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (built.status !== 0) throw new Error("The build for the browser tests failed (see above).");
  }
  // Fixed throwaway secrets for the e2e server (wrangler dev reads .dev.vars beside the config);
  // they replace whatever the build copied there, so runs do not depend on a local .dev.vars.
  const adminPepper = "e2e-pepper-not-a-real-secret-0123456789";
  writeFileSync(
    join(dirname(workerConfig), ".dev.vars"),
    `JWT_SECRET="e2e-jwt-secret-not-a-real-secret-0123456789"\nPASSWORD_PEPPER="${adminPepper}"\nRATE_LIMIT_SECRET="e2e-rate-limit-secret-not-a-real-secret-0123"\nRELEASE_FORM_KEY="ZTJlLXJlbGVhc2UtZm9ybS1rZXktbm90LXJlYWwtMDE="\n`,
  );
  const port = Number(process.env.E2E_PORT ?? 8790);
  const fixtureKey = randomBytes(24).toString("base64url");
  // Deposits are paid on the local fake of Stripe's API, reached by the worker's real client.
  const webhookSecret = "whsec_e2e_not_a_real_secret";
  const stripe = await startFakeStripe({
    webhookUrl: `http://127.0.0.1:${port}/api/stripe/webhook`,
    webhookSecret,
  });
  // Texts go to the local fake of Twilio's API, reached by the worker's real client.
  const sms = await startFakeSms({
    quiet: true,
    accountSid: "AC_e2e_fake",
    authToken: "sms-e2e-not-a-real-token",
    from: "+13015550100",
    webhookUrl: `http://127.0.0.1:${port}/api/sms/inbound`,
  });
  mkdirSync("test-results", { recursive: true });
  const server = await startDevServer({
    port,
    persistTo: e2eState,
    config: testServerConfig(workerConfig),
    // What the worker said during the run, its own warnings and errors included: `npm test`
    // prints the part of it that is not one line per request when a browser test fails.
    logFile: e2eServerLog,
    logLevel: "log",
    fresh: true,
    // Beacons sent while a page unloads leave after its frame is gone, without the per-test
    // address header, so every browser test's page views count against one address (127.0.0.1):
    // the day's measurement cap would be spent before the last file.
    vars: {
      MEASUREMENT_DAILY_ROWS: "100000",
      // Likewise the form submissions of a ten-minute window: the tests that send a form without
      // an address of their own all count as one visitor.
      RATE_LIMIT_MAX: "100000",
      STRIPE_SECRET_KEY: "sk_test_e2e_fake",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: stripe.url,
      E2E_FIXTURE_KEY: fixtureKey,
      SMS_ACCOUNT_SID: "AC_e2e_fake",
      SMS_AUTH_TOKEN: "sms-e2e-not-a-real-token",
      SMS_FROM: "+13015550100",
      SMS_API_BASE: sms.url,
    },
  });
  // One Chromium for the run rather than one per file: starting one takes a second or two of a
  // core. Files connect to it and work in browser contexts of their own, which share nothing
  // (cookies, storage, cache) with each other's.
  const chromiumServer = await chromium.launchServer({
    executablePath: await chromiumPath({ shell: true }),
    args: chromiumFlags,
    headless: true,
  });
  return {
    provided: {
      baseUrl: server.url,
      adminPepper,
      browserEndpoint: chromiumServer.wsEndpoint(),
      fixtureKey,
      smsUrl: sms.url,
    },
    async stop() {
      await chromiumServer.close();
      await server.stop();
      // Only the test server may have the fixture address; a later deploy must not find it.
      rmSync(join(dirname(workerConfig), "e2e-fixtures.js"), { force: true });
      await stripe.close();
      await sms.close();
    },
  };
}

// Both projects of vitest.e2e.config.ts run this setup, in this one process: the first starts
// the stack, the last to finish stops it.
const shared = globalThis as { e2eStack?: Promise<Stack>; e2eUsers?: number };

export default async function setup(project: TestProject) {
  shared.e2eStack ??= startStack();
  shared.e2eUsers = (shared.e2eUsers ?? 0) + 1;
  const stack = await shared.e2eStack;
  for (const [key, value] of Object.entries(stack.provided))
    project.provide(key as keyof typeof stack.provided, value);
  return async () => {
    shared.e2eUsers = (shared.e2eUsers ?? 1) - 1;
    if (shared.e2eUsers > 0) return;
    shared.e2eStack = undefined;
    await stack.stop();
  };
}
