// Shared helpers for the benchmark scripts.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import react from "@vitejs/plugin-react";
import { parse } from "smol-toml";
import { build } from "vite";
import { buildAll } from "../build.mjs";
import { startDevServer } from "./dev-server.mjs";

export function median(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function writeResults(file, data) {
  mkdirSync("bench-results", { recursive: true });
  const path = join("bench-results", file);
  writeFileSync(path, `${JSON.stringify({ date: new Date().toISOString(), ...data }, null, 2)}\n`);
  console.log(`wrote ${path}`);
}

export const round2 = (n) => Math.round(n * 100) / 100;

/** The machine's one-minute load average, written beside figures that depend on it. */
export const loadAverage = () => round2(loadavg()[0]);

/**
 * Bundles a probe worker as the real worker is bundled: production React, browser/worker
 * exports, one file (worker.js) for workerd in `outDir`.
 */
async function bundleProbeWorker({ entry, outDir, define = {}, alias = [], external = [] }) {
  const conditions = ["workerd", "worker", "browser", "import", "module", "default"];
  await build({
    configFile: false,
    logLevel: "warn",
    plugins: [react()],
    publicDir: false,
    define: { "process.env.NODE_ENV": JSON.stringify("production"), ...define },
    resolve: { alias, conditions },
    ssr: { target: "webworker", noExternal: true, resolve: { conditions, externalConditions: conditions } },
    build: {
      ssr: resolve(entry),
      outDir,
      emptyOutDir: true,
      minify: true,
      rollupOptions: { external, output: { codeSplitting: false, entryFileNames: "worker.js" } },
    },
  });
}

/**
 * The wrangler config of a probe worker in `outDir`: the real worker's compatibility settings and
 * the built site as its static assets, with a KV namespace of its own and the given D1 databases.
 */
function writeProbeConfig({ name, outDir, d1Databases }) {
  const toml = parse(readFileSync("wrangler.toml", "utf8"));
  writeFileSync(
    join(outDir, "wrangler.json"),
    JSON.stringify({
      name,
      main: "worker.js",
      compatibility_date: toml.compatibility_date,
      compatibility_flags: toml.compatibility_flags,
      assets: {
        directory: resolve("dist/client"),
        binding: "ASSETS",
        html_handling: "drop-trailing-slash",
        not_found_handling: "404-page",
        run_worker_first: ["/probe/*", "/api/health"],
      },
      kv_namespaces: [{ binding: "KV", id: name }],
      d1_databases: d1Databases(toml),
    }),
  );
}

/**
 * A probe benchmark's start: its command line read (probeBenchOptions, with `port` its default
 * port and `options` its own), the site built unless it said --no-build, and the probe worker
 * `name` ready in dist/<name>: bundled from `entry` with `bundle`'s define, alias and external,
 * its wrangler config with the given D1 databases. Answers the options, the folder, and `serve`,
 * which starts the probe under wrangler dev with its local state in `persistTo`: wiped and
 * loaded with the migrations and the studio's content first, unless `fresh` is false (a restart
 * that keeps what the first start loaded).
 */
export async function prepareProbeWorker({
  name,
  port,
  options,
  entry,
  bundle = {},
  d1Databases,
  persistTo,
}) {
  const values = probeBenchOptions(port, options);
  const outDir = resolve(`dist/${name}`);
  if (!values["no-build"]) await buildAll({ quiet: true });
  await bundleProbeWorker({ entry, outDir, ...bundle });
  writeProbeConfig({ name, outDir, d1Databases });
  const serve = (fresh = true) =>
    startDevServer({ port: Number(values.port), persistTo, config: join(outDir, "wrangler.json"), fresh });
  return { values, outDir, serve };
}

/**
 * The command line of the probe benchmarks: each load round's length in seconds and connections,
 * how many rounds, the port (BENCH_PORT, else the benchmark's own), --no-build to reuse dist/,
 * and any options of the benchmark's own. Values as parseArgs reads them (strings).
 */
function probeBenchOptions(defaultPort, ownOptions = {}) {
  return parseArgs({
    options: {
      duration: { type: "string", default: "5" },
      connections: { type: "string", default: "32" },
      rounds: { type: "string", default: "3" },
      port: { type: "string", default: process.env.BENCH_PORT ?? defaultPort },
      "no-build": { type: "boolean", default: false },
      ...ownOptions,
    },
  }).values;
}
