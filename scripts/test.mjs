// npm test: everything CI checks, ending with one line of totals:
//   tests: N passed, M failed
// Each check (type check, lint, binding types, dead code, build, deploy dry run) counts as one
// test; each vitest test counts as one. Exits non-zero on any failure.
//
// The checks run in two lanes at once: the static checks and then the worker tests (CPU-bound
// inside workerd) beside the build and then the browser tests (mostly waiting on Chromium and
// the served worker). Each step's output is printed as one block when it ends.
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { deployDryRunArgs, e2eServerLog, e2eStudioServerLog } from "./lib/config.mjs";
import { quietEnv } from "./lib/local-env.mjs";
import { runCommand } from "./lib/run-command.mjs";

const typegenFlags = ["--include-runtime=false", "--strict-vars=false", "--env-file=.dev.vars.example"];
let passed = 0;
let failed = 0;
const failures = [];
const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Runs a command to its end, keeping its output; resolves with the exit status and the output. */
const run = (command, args) => runCommand(command, args, { env: { ...quietEnv, FORCE_COLOR: "1" } });

const npx = (...args) => run("npx", ["--no-install", ...args]);

function report(name, since, ok, output) {
  console.log(`\n━━ ${name} ${"━".repeat(Math.max(0, 70 - name.length))}`);
  if (output.trim()) process.stdout.write(output.endsWith("\n") ? output : `${output}\n`);
  console.log(`${ok ? "✓" : "✗"} ${name} (${seconds(since)})`);
}

/** One check that counts as one test. `fn` resolves with { ok, output }. */
async function check(name, fn) {
  const t0 = Date.now();
  let result;
  try {
    result = await fn();
  } catch (error) {
    result = { ok: false, output: `${error.stack ?? error}\n` };
  }
  report(name, t0, result.ok, result.output);
  if (result.ok) passed++;
  else {
    failed++;
    failures.push(name);
  }
  return result.ok;
}

/** A vitest run whose tests each count, read from its JSON report. */
async function vitest(name, config, reportFile, serverLog, args = []) {
  const t0 = Date.now();
  mkdirSync("test-results", { recursive: true });
  rmSync(reportFile, { force: true });
  let { output } = await npx(
    "vitest",
    "run",
    "--config",
    config,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${reportFile}`,
    ...args,
  );
  if (!existsSync(reportFile)) {
    report(name, t0, false, `${output}${name}: vitest wrote no report\n`);
    failed++;
    failures.push(name);
    return;
  }
  const result = JSON.parse(readFileSync(reportFile, "utf8"));
  passed += result.numPassedTests;
  failed += result.numFailedTests;
  // A file that failed outside its tests (it would not load, or a hook failed and its tests were
  // skipped) has no failed test of its own: count it as one failure.
  const brokenFiles = result.testResults.filter(
    (file) => file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"),
  );
  // A skipped test proves nothing: anywhere else, each one counts as a failure.
  const skipped = result.testResults
    .filter((file) => !brokenFiles.includes(file))
    .flatMap((file) => file.assertionResults)
    .filter(
      (test) => test.status === "pending" || test.status === "skipped" || test.status === "todo",
    ).length;
  failed += brokenFiles.length + skipped;
  if (skipped) output += `${name}: ${skipped} test(s) skipped\n`;
  const ok = !result.numFailedTests && !brokenFiles.length && !skipped && result.numTotalTests > 0;
  if (!ok) failures.push(result.numTotalTests === 0 ? `${name}: no tests ran` : name);
  if (result.numTotalTests === 0) failed++;
  if (!ok && serverLog) output += serverSaid(serverLog);
  report(name, t0, ok, output);
}

/**
 * The end of what a test server printed, without its one line per request: the worker's own
 * warnings and errors ("database unavailable", an unhandled throw) that explain a failed wait.
 */
function serverSaid(file) {
  if (!existsSync(file)) return "";
  // The log is coloured (FORCE_COLOR): the colours are dropped before request lines are told apart.
  const lines = readFileSync(file, "utf8")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what starts a colour code
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .filter((line) => line.trim() && !/^\[wrangler:info\] [A-Z]+ \S+ \d{3} /.test(line));
  const tail = lines.slice(-80);
  return `\n── the test server's log (${file}), last ${tail.length} of ${lines.length} lines that are not requests ──\n${tail.join("\n")}\n`;
}

async function bindingTypesMatch() {
  // Generated beside the committed file so relative import paths match; the command line in
  // the header comment differs by the file name only, so it is left out of the comparison.
  const out = ".worker-configuration.check.d.ts";
  try {
    // --config: the build in the other lane may be rewriting the redirected config under .wrangler/.
    const generated = await npx("wrangler", "types", out, "--config", "wrangler.toml", ...typegenFlags);
    if (!generated.ok) return generated;
    const normalize = (text) => text.replace(/running `[^`]*`/, "running wrangler types");
    const same =
      normalize(readFileSync(out, "utf8")) === normalize(readFileSync("worker-configuration.d.ts", "utf8"));
    return {
      ok: same,
      output: same ? "" : "worker-configuration.d.ts is stale: run `npm run cf-typegen` and commit it.\n",
    };
  } finally {
    rmSync(out, { force: true });
  }
}

async function staticChecksThenWorkerTests() {
  await check("type check (tsc -b)", () => npx("tsc", "-b"));
  await check("lint and format (biome ci)", () => npx("biome", "ci", "."));
  await check("binding types match wrangler.toml (wrangler types)", bindingTypesMatch);
  await check("no dead code (knip)", () => npx("knip"));
  await vitest(
    "worker tests (Workers vitest pool, real D1 + KV)",
    "vitest.worker.config.ts",
    "test-results/worker.json",
  );
  // Plain-Node tests; the launch's reads the build, which the other lane finished long before.
  await builtOnce;
  await vitest(
    "node tests (launch, configuration, import rules)",
    "vitest.node.config.ts",
    "test-results/node.json",
  );
}

let builtOnce = Promise.resolve(false);

async function buildThenBrowserTests() {
  // The build runs in its own process so its CPU-heavy image encoding and bundling do not
  // stall this process, which keeps collecting the other lane's output.
  builtOnce = check("build (vite + prerender)", () => run("node", ["scripts/build.mjs", "--quiet"]));
  const built = await builtOnce;
  if (!built) {
    failed += 2;
    failures.push("browser tests (not run: build failed)", "deploy dry run (not run: build failed)");
    return;
  }
  // The dry run reads only the build (and writes beside it), so it need not wait for the browser
  // tests, which mostly wait on Chromium and the served worker. The studio's browser files, which
  // change what every page shows, run one at a time on a server of their own in a second vitest
  // process, beside the others rather than after them (docs/decisions/025-browser-tests-side-by-side.md).
  await Promise.all([
    vitest(
      "browser tests (Chromium against workerd)",
      "vitest.e2e.config.ts",
      "test-results/e2e.json",
      e2eServerLog,
      ["--project", "site", "--project", "quiet"],
    ),
    vitest(
      "browser tests of the studio's content (a server of their own)",
      "vitest.e2e.config.ts",
      "test-results/e2e-studio.json",
      e2eStudioServerLog,
      ["--project", "studio"],
    ),
    check("deploy dry run (wrangler deploy --dry-run)", () => npx(...deployDryRunArgs())),
  ]);
}

await Promise.all([staticChecksThenWorkerTests(), buildThenBrowserTests()]);

console.log(`
${failures.length ? `failed: ${failures.join("; ")}` : "all checks passed"}`);
console.log(`time: ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
