import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { startFakeSms } from "../../scripts/fake-sms.mjs";
import { startFakeStripe } from "../../scripts/fake-stripe.mjs";
import { e2eServerLog, e2eStudioServerLog, workerOutDir } from "../../scripts/lib/config.mjs";
import { startDevServer } from "../../scripts/lib/dev-server.mjs";
import { chromiumFlags, chromiumPath } from "../support/browser";
import { e2eState, fixturePath } from "../support/d1";
import { freshState } from "../support/e2e-state";

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
    /** The local D1/KV state folder of the server this file's project uses (tests/support/d1.ts). */
    e2eState: string;
  }
}

/**
 * The built worker's config with its per-minute limits opened up, written beside it (so assets and
 * .dev.vars resolve the same). Every browser test reaches the server from one address, and files
 * run side by side: the unload beacons alone come a few hundred a minute, and the per-minute
 * limit answered some of them 429, so a test waiting for its page's web-vitals found them missing.
 * The limits themselves are tested in the worker tests.
 */
function testServerConfig(workerConfig: string, server: ServerName): string {
  const config = JSON.parse(readFileSync(workerConfig, "utf8")) as {
    ratelimits?: { name: string; simple: { limit: number; period: number } }[];
    main: string;
    dev?: Record<string, unknown>;
  };
  if (!config.ratelimits?.some((limit) => limit.name === "RATE_LIMIT_TELEMETRY"))
    throw new Error(`${workerConfig} has no RATE_LIMIT_TELEMETRY to open up for the browser tests`);
  for (const limit of config.ratelimits) limit.simple.limit = 100_000;
  config.main = fixtureEntry(workerConfig, config.main, server);
  // The debugger's port, left to wrangler, is the first free one from 9229 on: two servers
  // starting at once (this run's two, or another run's) both took the same one, and one failed.
  // Port 0 lets the system give each its own.
  config.dev = { ...config.dev, inspector_port: 0 };
  const path = join(dirname(workerConfig), `wrangler.e2e-${server}.json`);
  writeAtomically(path, JSON.stringify(config));
  return path;
}

/**
 * Two vitest processes may set up their servers at the same moment (`npm test` runs the studio
 * files in a process of their own): a file is replaced whole, never read half written, and left
 * alone when it already says the same (a running server reloads when its .dev.vars is written).
 */
function writeAtomically(path: string, text: string) {
  if (existsSync(path) && readFileSync(path, "utf8") === text) return;
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

/**
 * The test server's entry: the built worker, plus one address for the tests' own rows.
 * Tests that need a row the site has no form for (an admin account, a request at a later stage)
 * write it through the served worker's own D1 binding, not into the SQLite file from outside:
 * workerd does not wait for a lock another process holds, so a visitor's write that met a
 * fixture's answered 503 in some other test running beside it. The address answers only with
 * the run's random key, and exists only in this file, which no build ships.
 */
function fixtureEntry(workerConfig: string, main: string, server: ServerName): string {
  const entry = fixtureEntryName(server);
  writeAtomically(
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

const fixtureEntryName = (server: ServerName) => `e2e-fixtures-${server}.js`;

/**
 * The run's test servers, each with a local state of its own. `site` serves the files that make
 * rows of their own beside each other. `studio` serves the files that change what every page
 * shows (they publish the studio's content, close the books, clear the web-vitals the dashboard
 * counts, lock an address out of sign-in): on a server of their own they run one at a time beside
 * the others instead of after them (docs/decisions/025-browser-tests-side-by-side.md).
 */
const servers = {
  site: {
    state: e2eState,
    log: e2eServerLog,
    port: async () => ({ port: Number(process.env.E2E_PORT ?? 8790), release: async () => {} }),
  },
  studio: {
    state: `${e2eState}-studio`,
    log: e2eStudioServerLog,
    // Any free port: a fixed second one would meet another run's server, or the one
    // reviews-upstream starts.
    port: reservePort,
  },
};
type ServerName = keyof typeof servers;

/** The project a file runs in names its server (vitest.e2e.config.ts). */
const serverOf = (project: TestProject): ServerName => (project.name === "studio" ? "studio" : "site");

/**
 * A free port, held until `release` so that nothing else started meanwhile (the fake of Stripe,
 * on a port of the system's choosing) is given it.
 */
function reservePort(): Promise<{ port: number; release(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      if (typeof address !== "object" || !address) return reject(new Error("no free port"));
      resolve({ port: address.port, release: () => new Promise((done) => probe.close(() => done())) });
    });
  });
}

interface Stack {
  provided: { baseUrl: string; adminPepper: string; fixtureKey: string; e2eState: string; smsUrl: string };
  stop(): Promise<void>;
}

/** The built worker, built first if it is missing (a run of one file on a fresh clone). */
function ensureBuilt(): string {
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
  return workerConfig;
}

/** A server with its state, and its fake of Stripe, started once for the whole run. */
async function startStack(name: ServerName): Promise<Stack> {
  const workerConfig = ensureBuilt();
  const { state, log } = servers[name];
  // Fixed throwaway secrets for the e2e server (wrangler dev reads .dev.vars beside the config);
  // they replace whatever the build copied there, so runs do not depend on a local .dev.vars.
  const adminPepper = "e2e-pepper-not-a-real-secret-0123456789";
  writeAtomically(
    join(dirname(workerConfig), ".dev.vars"),
    `JWT_SECRET="e2e-jwt-secret-not-a-real-secret-0123456789"\nPASSWORD_PEPPER="${adminPepper}"\nRATE_LIMIT_SECRET="e2e-rate-limit-secret-not-a-real-secret-0123"\nRELEASE_FORM_KEY="ZTJlLXJlbGVhc2UtZm9ybS1rZXktbm90LXJlYWwtMDE="\n`,
  );
  const { port, release } = await servers[name].port();
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
  await release();
  mkdirSync("test-results", { recursive: true });
  await freshState(state);
  const server = await startDevServer({
    port,
    persistTo: state,
    config: testServerConfig(workerConfig, name),
    // What the worker said during the run, its own warnings and errors included: `npm test`
    // prints the part of it that is not one line per request when a browser test fails.
    logFile: log,
    logLevel: "log",
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
      // Cards are kept on file, as a studio with Stripe would: booking asks for one first.
      STRIPE_CARD_ON_FILE: "on",
      E2E_FIXTURE_KEY: fixtureKey,
      SMS_ACCOUNT_SID: "AC_e2e_fake",
      SMS_AUTH_TOKEN: "sms-e2e-not-a-real-token",
      SMS_FROM: "+13015550100",
      SMS_API_BASE: sms.url,
    },
  });
  return {
    provided: { baseUrl: server.url, adminPepper, fixtureKey, e2eState: state, smsUrl: sms.url },
    async stop() {
      await server.stop();
      // Only the test server may have the fixture address; a later deploy must not find it.
      rmSync(join(dirname(workerConfig), fixtureEntryName(name)), { force: true });
      await stripe.close();
      await sms.close();
    },
  };
}

/**
 * One Chromium for the process rather than one per file: starting one takes a second or two of
 * a core. Files connect to it and work in browser contexts of their own, which share nothing
 * (cookies, storage, cache) with each other's.
 */
async function startChromium() {
  const chromiumServer = await chromium.launchServer({
    executablePath: await chromiumPath({ shell: true }),
    args: chromiumFlags,
    headless: true,
  });
  return { endpoint: chromiumServer.wsEndpoint(), stop: () => chromiumServer.close() };
}

/** Started on first use, stopped when the last project that used it is done. */
function shared<T extends { stop(): Promise<void> }>(start: () => Promise<T>) {
  let running: Promise<T> | undefined;
  let users = 0;
  return {
    async use(): Promise<{ value: T; release(): Promise<void> }> {
      running ??= start();
      users++;
      const value = await running;
      return {
        value,
        async release() {
          users--;
          if (users > 0) return;
          running = undefined;
          await value.stop();
        },
      };
    },
  };
}

// The projects of vitest.e2e.config.ts run this setup in one process (or, under `npm test`, the
// studio's in a process of its own): a project shares its server with the other projects of the
// same server, and the process's one Chromium with all of them. Each project loads this file
// anew, so what they share is kept on globalThis.
const perProcess = globalThis as {
  e2eShared?: {
    stacks: Record<ServerName, ReturnType<typeof shared<Stack>>>;
    browsers: ReturnType<typeof shared<Awaited<ReturnType<typeof startChromium>>>>;
  };
};
perProcess.e2eShared ??= {
  stacks: { site: shared(() => startStack("site")), studio: shared(() => startStack("studio")) },
  browsers: shared(startChromium),
};
const { stacks, browsers } = perProcess.e2eShared;

export default async function setup(project: TestProject) {
  const [stack, browser] = await Promise.all([stacks[serverOf(project)].use(), browsers.use()]);
  for (const [key, value] of Object.entries(stack.value.provided))
    project.provide(key as keyof typeof stack.value.provided, value);
  project.provide("browserEndpoint", browser.value.endpoint);
  return async () => {
    await browser.release();
    await stack.release();
  };
}
