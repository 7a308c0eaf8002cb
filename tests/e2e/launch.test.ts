import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productionIdsOf } from "../../scripts/lib/production-config.mjs";
import { runCommand } from "../../scripts/lib/run-command.mjs";

/**
 * `npm run launch` against a stand-in wrangler on PATH (tests/support/fake-wrangler.mjs), which
 * keeps a pretend account and records every call: an empty account, a half-provisioned one and a
 * complete one, and the ways a launch must stop loudly. It runs on a copy of wrangler.toml, with
 * the build skipped (the build is tested on its own), and checks a local stand-in of the site's
 * /api/health.
 */
interface Account {
  loggedIn: boolean;
  d1: { uuid: string; name: string }[];
  kv: { id: string; title: string }[];
  r2: string[];
  secrets: string[];
  deployed: boolean;
  calls: string[];
  sentSecrets: string[][];
}

const emptyAccount = (): Account => ({
  loggedIn: true,
  d1: [],
  kv: [],
  r2: [],
  secrets: [],
  deployed: false,
  calls: [],
  sentSecrets: [],
});

let health: Server;
let healthUrl = "";
let healthAnswer: { status: number; body: unknown } = { status: 200, body: {} };
const folders: string[] = [];

beforeAll(async () => {
  health = createServer((_, response) => {
    response.writeHead(healthAnswer.status, { "Content-Type": "application/json" });
    response.end(JSON.stringify(healthAnswer.body));
  });
  await new Promise<void>((done) => health.listen(0, "127.0.0.1", done));
  const address = health.address();
  healthUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});

afterAll(async () => {
  await new Promise((done) => health.close(done));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const okHealth = {
  status: 200,
  body: { status: "ok", checks: { db: "ok", JWT_SECRET: "ok", stripe: "missing" } },
};

/** Runs the launch on a fresh copy of wrangler.toml against `account`; resolves with what it did. */
async function launch(account: Account, env: Record<string, string> = {}) {
  const folder = mkdtempSync(join(tmpdir(), "launch-test-"));
  folders.push(folder);
  const config = join(folder, "wrangler.toml");
  copyFileSync("wrangler.toml", config);
  const state = join(folder, "account.json");
  writeFileSync(state, JSON.stringify(account));
  const bin = join(folder, "bin");
  mkdirSync(bin);
  writeFileSync(
    join(bin, "wrangler"),
    `#!/bin/sh\nexec "${process.execPath}" "${resolve("tests/support/fake-wrangler.mjs")}" "$@"\n`,
  );
  chmodSync(join(bin, "wrangler"), 0o755);
  const { code, output } = await runCommand(
    process.execPath,
    ["scripts/launch.mjs", "--skip-build", "--config", config],
    {
      env: {
        ...process.env,
        PATH: `${bin}${delimiter}${process.env.PATH}`,
        FAKE_WRANGLER_STATE: state,
        FAKE_WRANGLER_TOML: config,
        LAUNCH_HEALTH_URL: healthUrl,
        CI: "true",
        ...env,
      },
    },
  );
  return {
    code,
    output,
    account: JSON.parse(readFileSync(state, "utf8")) as Account,
    toml: readFileSync(config, "utf8"),
  };
}

const creates = (calls: string[]) => calls.filter((call) => / create /.test(` ${call} `));

describe("npm run launch", () => {
  it("on an empty account: creates everything, writes the ids, sends the generated secrets (the four required and the push key), deploys, checks health", async () => {
    healthAnswer = okHealth;
    const run = await launch(emptyAccount(), { STRIPE_SECRET_KEY: "sk_test_from_the_environment" });
    expect(run.code, run.output).toBe(0);
    expect(creates(run.account.calls)).toEqual([
      "d1 create gilded-needle",
      "d1 create gilded-needle-metrics",
      "kv namespace create gilded-needle-kv",
      "r2 bucket create gilded-needle-photos",
    ]);
    const ids = productionIdsOf(run.toml);
    expect(ids.d1).toEqual({
      DB: run.account.d1.find((db) => db.name === "gilded-needle")?.uuid,
      METRICS_DB: run.account.d1.find((db) => db.name === "gilded-needle-metrics")?.uuid,
    });
    expect(ids.kv).toEqual({ KV: run.account.kv[0]?.id });
    expect(run.account.sentSecrets).toEqual([
      [
        "JWT_SECRET",
        "PASSWORD_PEPPER",
        "RATE_LIMIT_SECRET",
        "RELEASE_FORM_KEY",
        "VAPID_PRIVATE_KEY",
        "STRIPE_SECRET_KEY",
      ],
    ]);
    // Migrations for both databases and the first content, before the deploy.
    const order = run.account.calls.map((call) => call.split(" --")[0]);
    expect(order.indexOf("d1 migrations apply DB")).toBeLessThan(order.indexOf("deploy"));
    expect(order).toContain("d1 migrations apply METRICS_DB");
    expect(order).toContain("d1 execute DB");
    expect(run.output).toContain("db: ok");
    expect(run.output).toContain("stripe: off (optional)");
    // No secret's value on the command line.
    expect(run.account.calls.join("\n")).not.toContain("sk_test_from_the_environment");
  });

  it("on a half-provisioned account: creates only what is missing and sends only the missing secrets", async () => {
    healthAnswer = okHealth;
    const account = {
      ...emptyAccount(),
      d1: [{ uuid: "11111111-1111-4111-8111-111111111111", name: "gilded-needle" }],
      kv: [{ id: "22222222222222222222222222222222", title: "gilded-needle-kv" }],
      secrets: ["JWT_SECRET", "PASSWORD_PEPPER"],
      deployed: true,
    };
    const run = await launch(account);
    expect(run.code, run.output).toBe(0);
    expect(creates(run.account.calls)).toEqual([
      "d1 create gilded-needle-metrics",
      "r2 bucket create gilded-needle-photos",
    ]);
    expect(productionIdsOf(run.toml).d1.DB).toBe("11111111-1111-4111-8111-111111111111");
    expect(productionIdsOf(run.toml).kv.KV).toBe("22222222222222222222222222222222");
    expect(run.account.sentSecrets).toEqual([["RATE_LIMIT_SECRET", "RELEASE_FORM_KEY", "VAPID_PRIVATE_KEY"]]);
  });

  it("on a complete account: creates nothing, changes no id, sends no secret, and can run again", async () => {
    healthAnswer = okHealth;
    const first = await launch(emptyAccount());
    expect(first.code, first.output).toBe(0);
    const again = await launch({ ...first.account, calls: [], sentSecrets: [] });
    expect(again.code, again.output).toBe(0);
    expect(creates(again.account.calls)).toEqual([]);
    expect(productionIdsOf(again.toml)).toEqual(productionIdsOf(first.toml));
    expect(again.account.sentSecrets).toEqual([[]]);
    expect(again.account.calls.some((call) => call.includes("--secrets-file"))).toBe(false);
  });

  it("stops before creating anything when not signed in, and says how to sign in", async () => {
    const run = await launch({ ...emptyAccount(), loggedIn: false });
    expect(run.code).toBe(1);
    expect(run.output).toContain("npx wrangler login");
    expect(run.account.calls).toEqual(["whoami --json"]);
  });

  it("fails loudly when the deployed site is not healthy, naming what is wrong", async () => {
    healthAnswer = {
      status: 503,
      body: { status: "degraded", checks: { db: "ok", mail: "missing" }, failing: ["mail"] },
    };
    const run = await launch(emptyAccount());
    expect(run.code).toBe(1);
    expect(run.output).toContain("✗ mail: missing");
    expect(run.output).toMatch(/answered 503: mail/);
  });
});
