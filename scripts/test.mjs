// npm test: everything CI checks, in order, ending with one line of totals:
//   tests: N passed, M failed
// Each check (type check, lint, binding types, build, deploy dry run) counts as one test;
// each vitest test counts as one. Exits non-zero on any failure.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { buildAll } from "./build.mjs";
import { workerOutDir } from "./lib/config.mjs";
import { quietEnv } from "./lib/local-env.mjs";

const typegenFlags = ["--include-runtime=false", "--strict-vars=false", "--env-file=.dev.vars.example"];
let passed = 0;
let failed = 0;
const failures = [];
const started = Date.now();

function banner(name) {
  console.log(`\n━━ ${name} ${"━".repeat(Math.max(0, 70 - name.length))}`);
}

function run(command, args) {
  return spawnSync(command, args, { stdio: "inherit", env: { ...quietEnv, FORCE_COLOR: "1" } }).status === 0;
}

async function check(name, fn) {
  banner(name);
  const t0 = Date.now();
  let ok = false;
  try {
    ok = await fn();
  } catch (error) {
    console.error(error);
  }
  console.log(`${ok ? "✓" : "✗"} ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  if (ok) passed++;
  else {
    failed++;
    failures.push(name);
  }
  return ok;
}

function vitest(name, config, report) {
  banner(name);
  mkdirSync("test-results", { recursive: true });
  rmSync(report, { force: true });
  run("npx", [
    "--no-install",
    "vitest",
    "run",
    "--config",
    config,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
  ]);
  if (!existsSync(report)) {
    console.error(`${name}: vitest wrote no report`);
    failed++;
    failures.push(name);
    return;
  }
  const result = JSON.parse(readFileSync(report, "utf8"));
  passed += result.numPassedTests;
  failed += result.numFailedTests;
  // A suite that failed to load has no failed tests of its own: count it as one failure.
  const brokenFiles = result.testResults.filter(
    (file) => file.status === "failed" && file.assertionResults.length === 0,
  );
  failed += brokenFiles.length;
  if (result.numFailedTests || brokenFiles.length) failures.push(name);
  if (result.numTotalTests === 0) {
    failed++;
    failures.push(`${name}: no tests ran`);
  }
}

await check("type check (tsc -b)", () => run("npx", ["--no-install", "tsc", "-b"]));
await check("lint and format (biome ci)", () => run("npx", ["--no-install", "biome", "ci", "."]));
await check("binding types match wrangler.toml (wrangler types)", () => {
  // Generated beside the committed file so relative import paths match; the command line in
  // the header comment differs by the file name only, so it is left out of the comparison.
  const out = ".worker-configuration.check.d.ts";
  try {
    if (!run("npx", ["--no-install", "wrangler", "types", out, ...typegenFlags])) return false;
    const normalize = (text) => text.replace(/running `[^`]*`/, "running wrangler types");
    const same =
      normalize(readFileSync(out, "utf8")) === normalize(readFileSync("worker-configuration.d.ts", "utf8"));
    if (!same) console.error("worker-configuration.d.ts is stale: run `npm run cf-typegen` and commit it.");
    return same;
  } finally {
    rmSync(out, { force: true });
  }
});

vitest(
  "worker tests (Workers vitest pool, real D1 + KV)",
  "vitest.worker.config.ts",
  "test-results/worker.json",
);

const built = await check("build (vite + prerender)", async () => {
  await buildAll({ quiet: true });
  return true;
});

if (built) {
  vitest("browser tests (Chromium against workerd)", "vitest.e2e.config.ts", "test-results/e2e.json");
  await check("deploy dry run (wrangler deploy --dry-run)", () =>
    run("npx", [
      "--no-install",
      "wrangler",
      "deploy",
      "--dry-run",
      "--config",
      `${workerOutDir()}/wrangler.json`,
      "--outdir",
      "dist/deploy-dry-run",
    ]),
  );
} else {
  failed += 2;
  failures.push("browser tests (not run: build failed)", "deploy dry run (not run: build failed)");
}

console.log(`
${failures.length ? `failed: ${failures.join("; ")}` : "all checks passed"}`);
console.log(`time: ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
