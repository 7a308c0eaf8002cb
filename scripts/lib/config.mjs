// wrangler.toml, parsed once, so build-time tools read the deployed configuration itself.
import { readFileSync } from "node:fs";
import { parse } from "smol-toml";

let parsed;
function wranglerToml() {
  parsed ??= parse(readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8"));
  return parsed;
}

/** A top-level [vars] value of wrangler.toml, or undefined. */
export function wranglerVar(name) {
  const value = wranglerToml().vars?.[name];
  return value === undefined ? undefined : String(value);
}

/** The public origin for canonical links: SITE_URL from the environment, else wrangler.toml. */
export function siteUrl() {
  return process.env.SITE_URL || wranglerVar("SITE_URL") || "http://localhost:8787";
}

/** The worker's output folder under dist/: the Vite plugin names it after the worker, dashes to underscores. */
export function workerOutDir() {
  const name = String(wranglerToml().name ?? "worker");
  return `dist/${name.replace(/-/g, "_")}`;
}

/** `wrangler deploy --dry-run` of the built worker: what would be uploaded, written to dist/. */
export function deployDryRunArgs() {
  return [
    "wrangler",
    "deploy",
    "--dry-run",
    "--config",
    `${workerOutDir()}/wrangler.json`,
    "--outdir",
    "dist/deploy-dry-run",
  ];
}

/** Where the browser tests' server writes what it prints (`npm test` shows it when one fails). */
export const e2eServerLog = "test-results/e2e-server.log";

/** The same for the browser tests' second server, the one the studio's files use. */
export const e2eStudioServerLog = "test-results/e2e-studio-server.log";
