// npm run launch: a first launch on a Cloudflare account, or any later one, in one command after
// `npx wrangler login`. Each step is safe to run again:
//   1. finds the account's databases, KV namespace and R2 bucket by name, creating what is missing;
//   2. writes their ids into wrangler.toml's generated [env.production] block;
//   3. builds the production environment;
//   4. applies the D1 migrations and loads the studio's first content (skips what exists);
//   5. deploys with the secrets the Worker lacks: generated where they can be (JWT_SECRET,
//      PASSWORD_PEPPER, RATE_LIMIT_SECRET, RELEASE_FORM_KEY, and the push notices' VAPID key),
//      else read from the environment or asked for (Stripe, mail API, Turnstile, Google, texts); wrangler
//      refuses a deploy without the four;
//   6. checks /api/health from outside and prints each dependency, failing loudly if one is not ok.
//
// Environment: ADMIN_EMAIL (create the artist's account on the first launch), LAUNCH_HEALTH_URL
// (where to check, else the workers.dev address the deploy prints, else SITE_URL), and any of the
// optional secrets by name. --skip-build reuses dist/, and --config names another wrangler.toml
// (the launch's tests run it against a stand-in wrangler on a copy).
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { workerOutDir } from "./lib/config.mjs";
import { loadContent } from "./lib/content-seed.mjs";
import {
  productionBlock,
  productionIdsOf,
  requiredSecrets,
  topLevelOf,
  withProductionBlock,
} from "./lib/production-config.mjs";
import { newVapidKey } from "./lib/vapid.mjs";

const { values: options } = parseArgs({
  options: {
    "skip-build": { type: "boolean", default: false },
    config: { type: "string", default: "wrangler.toml" },
  },
});
const configPath = options.config;
/** wrangler's commands that read the configuration read the same file. */
const withConfig = (args) => (configPath === "wrangler.toml" ? args : [...args, "--config", configPath]);

/** The optional secrets: each turns a feature on, and none can be made up. */
const optionalSecrets = [
  ["STRIPE_SECRET_KEY", "Stripe secret key (sk_live_... or sk_test_...), for deposits by card"],
  ["STRIPE_WEBHOOK_SECRET", "Stripe webhook signing secret (whsec_...) of /api/stripe/webhook"],
  ["MAIL_API_KEY", 'API key of the HTTP e-mail provider, when MAIL_PROVIDER is "http"'],
  ["TURNSTILE_SECRET_KEY", "Cloudflare Turnstile secret key (with TURNSTILE_SITE_KEY in wrangler.toml)"],
  ["GOOGLE_PLACES_API_KEY", "Google Places API key, for live reviews"],
  [
    "SMS_AUTH_TOKEN",
    "the text provider's auth token (Twilio's), with SMS_ACCOUNT_SID and SMS_FROM in wrangler.toml",
  ],
];

const step = (text) => console.log(`\n▸ ${text}`);

class LaunchError extends Error {}

/** Runs wrangler as found on PATH (npm run puts the project's own first). */
function wrangler(args, { quiet = true, allowFailure = false } = {}) {
  const result = spawnSync("wrangler", args, {
    encoding: "utf8",
    stdio: quiet ? "pipe" : ["inherit", "pipe", "inherit"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  const output = `${result.stdout ?? ""}${quiet ? (result.stderr ?? "") : ""}`;
  if (!quiet && result.stdout) process.stdout.write(result.stdout);
  if (result.error) throw new LaunchError(`wrangler could not be started: ${result.error.message}`);
  if (result.status !== 0 && !allowFailure) {
    throw new LaunchError(`wrangler ${args.join(" ")} failed (exit ${result.status}):\n${output.trim()}`);
  }
  return { ok: result.status === 0, output };
}

const json = (text, what) => {
  const start = text.search(/[[{]/);
  try {
    return JSON.parse(text.slice(start));
  } catch {
    throw new LaunchError(`wrangler's answer for ${what} was not JSON:\n${text.trim()}`);
  }
};

/** The account's resources by name, each created when missing. */
function provision(top) {
  const workerName = String(top.name);
  const databases = () => json(wrangler(["d1", "list", "--json"]).output, "d1 list");
  const d1 = {};
  for (const db of top.d1_databases ?? []) {
    let found = databases().find((row) => row.name === db.database_name);
    if (found) console.log(`  D1 ${db.database_name}: exists`);
    else {
      wrangler(["d1", "create", db.database_name]);
      found = databases().find((row) => row.name === db.database_name);
      if (!found) throw new LaunchError(`D1 ${db.database_name} was created but is not listed`);
      console.log(`  D1 ${db.database_name}: created`);
    }
    d1[db.binding] = found.uuid;
  }
  const namespaces = () => json(wrangler(["kv", "namespace", "list"]).output, "kv namespace list");
  const kv = {};
  for (const ns of top.kv_namespaces ?? []) {
    const title = `${workerName}-${ns.binding.toLowerCase()}`;
    let found = namespaces().find((row) => row.title === title);
    if (found) console.log(`  KV ${title}: exists`);
    else {
      wrangler(["kv", "namespace", "create", title]);
      found = namespaces().find((row) => row.title === title);
      if (!found) throw new LaunchError(`KV namespace ${title} was created but is not listed`);
      console.log(`  KV ${title}: created`);
    }
    kv[ns.binding] = found.id;
  }
  const buckets = [...wrangler(["r2", "bucket", "list"]).output.matchAll(/^name:\s+(\S+)/gm)].map(
    (m) => m[1],
  );
  for (const bucket of top.r2_buckets ?? []) {
    if (buckets.includes(bucket.bucket_name)) console.log(`  R2 ${bucket.bucket_name}: exists`);
    else {
      wrangler(["r2", "bucket", "create", bucket.bucket_name]);
      console.log(`  R2 ${bucket.bucket_name}: created`);
    }
  }
  return { d1, kv };
}

/** The secret names the deployed Worker has (none before its first deploy). */
function secretsSet() {
  const listed = wrangler(["secret", "list", "--env", "production", "--format", "json"], {
    allowFailure: true,
  });
  if (!listed.ok) return new Set();
  return new Set(json(listed.output, "secret list").map((secret) => secret.name));
}

async function ask(question) {
  if (!process.stdin.isTTY || process.env.CI) return "";
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await prompt.question(question)).trim();
  } finally {
    prompt.close();
  }
}

/** The secrets to send with this deploy: what the Worker lacks and can be made or was given. */
async function secretsToSend(existing) {
  const generated = {};
  for (const name of requiredSecrets) {
    if (existing.has(name)) continue;
    // RELEASE_FORM_KEY is an AES-256 key: base64 of exactly 32 bytes. The rest: 32 random bytes.
    generated[name] = randomBytes(32).toString(name === "RELEASE_FORM_KEY" ? "base64" : "base64url");
  }
  // Push notices to the artist's phone need only a key of the studio's own, so it is made too.
  if (!existing.has("VAPID_PRIVATE_KEY")) generated.VAPID_PRIVATE_KEY = newVapidKey();
  const given = {};
  for (const [name, what] of optionalSecrets) {
    if (existing.has(name)) continue;
    const value = process.env[name]?.trim() || (await ask(`  ${what} (Enter to leave off): `));
    if (value) given[name] = value;
  }
  return { generated, given };
}

/** Where to check the deployed site from outside. */
function healthUrl(deployOutput, top) {
  const base =
    process.env.LAUNCH_HEALTH_URL ||
    /https:\/\/[\w.-]+\.workers\.dev/.exec(deployOutput)?.[0] ||
    String(top.vars?.SITE_URL ?? "");
  return new URL("/api/health", base).toString();
}

async function checkHealth(url) {
  let last = "";
  for (let attempt = 0; attempt < 6; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 5000));
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      const body = await response.json();
      for (const [name, state] of Object.entries(body.checks ?? {})) {
        const optional = state === "missing" && !(body.failing ?? []).includes(name);
        console.log(
          `  ${state === "ok" ? "✓" : optional ? "·" : "✗"} ${name}: ${optional ? "off (optional)" : state}`,
        );
      }
      if (response.ok && body.status === "ok") return;
      throw new LaunchError(
        `${url} answered ${response.status}: ${(body.failing ?? []).join(", ") || body.status}`,
      );
    } catch (error) {
      if (error instanceof LaunchError) throw error;
      last = error instanceof Error ? error.message : String(error);
    }
  }
  throw new LaunchError(`${url} did not answer: ${last}`);
}

async function launch() {
  step("Signed in to Cloudflare?");
  const who = wrangler(["whoami", "--json"], { allowFailure: true });
  if (!who.ok)
    throw new LaunchError("Not signed in: run `npx wrangler login` (or set CLOUDFLARE_API_TOKEN) first.");
  console.log("  yes");

  step("Databases, KV namespace and photo bucket");
  const tomlText = readFileSync(configPath, "utf8");
  const top = topLevelOf(tomlText);
  const ids = provision(top);
  const next = withProductionBlock(tomlText, productionBlock(top, ids));
  if (next !== tomlText) {
    writeFileSync(configPath, next);
    console.log(`  ${configPath}: production ids written (commit it)`);
  } else console.log(`  ${configPath}: up to date`);
  const before = productionIdsOf(tomlText);
  if (JSON.stringify(before) !== JSON.stringify(ids))
    console.log("  (the ids changed from the ones committed)");

  if (!options["skip-build"]) {
    step("Production build");
    process.env.CLOUDFLARE_ENV = "production";
    const { buildAll } = await import("./build.mjs");
    await buildAll({ quiet: true });
  }

  step("Migrations and first content");
  for (const db of top.d1_databases ?? []) {
    wrangler(withConfig(["d1", "migrations", "apply", db.binding, "--remote", "--env", "production"]), {
      quiet: false,
    });
  }
  await loadContent({ remote: true, run: (args) => wrangler(withConfig(args)).output });

  step("Secrets");
  const { generated, given } = await secretsToSend(secretsSet());
  const names = [...Object.keys(generated), ...Object.keys(given)];
  console.log(names.length ? `  sending with the deploy: ${names.join(", ")}` : "  all set already");

  step("Deploy");
  const scratch = mkdtempSync(join(tmpdir(), "launch-"));
  let deployOutput;
  try {
    const args = ["deploy", "--config", `${workerOutDir()}/wrangler.json`];
    if (names.length) {
      const file = join(scratch, "secrets.json");
      writeFileSync(file, JSON.stringify({ ...generated, ...given }), { mode: 0o600 });
      args.push("--secrets-file", file);
    }
    deployOutput = wrangler(args, { quiet: false }).output;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }

  if (generated.PASSWORD_PEPPER || generated.RELEASE_FORM_KEY) {
    console.log("\n  Keep these somewhere safe (a password manager); they are shown this once:");
    for (const name of ["PASSWORD_PEPPER", "RELEASE_FORM_KEY"]) {
      if (generated[name]) console.log(`    ${name}=${generated[name]}`);
    }
    console.log(
      "  Without RELEASE_FORM_KEY the signed release forms cannot be read; see the README's runbook.",
    );
  }
  const adminEmail =
    process.env.ADMIN_EMAIL ||
    (generated.PASSWORD_PEPPER
      ? await ask("  The artist's e-mail for her admin account (Enter to skip): ")
      : "");
  if (adminEmail && generated.PASSWORD_PEPPER) {
    step("The artist's account");
    const made = spawnSync(
      process.execPath,
      ["scripts/admin-password.mjs", "--email", adminEmail, "--remote", "--generate"],
      {
        stdio: "inherit",
        env: { ...process.env, PASSWORD_PEPPER: generated.PASSWORD_PEPPER },
      },
    );
    if (made.status !== 0)
      throw new LaunchError("The admin account was not created: run npm run admin:password (README).");
  }

  step("Health, from outside");
  await checkHealth(healthUrl(deployOutput, top));
  console.log("\nLaunched.");
}

try {
  await launch();
} catch (error) {
  console.error(`\n✗ ${error instanceof LaunchError ? error.message : (error?.stack ?? error)}`);
  process.exit(1);
}
