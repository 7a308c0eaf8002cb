// Reads a [vars] value from wrangler.toml so build-time tools use the deployed configuration.
import { readFileSync } from "node:fs";

export function wranglerVar(name) {
  const toml = readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8");
  const vars = toml.split(/^\[vars\]\s*$/m)[1]?.split(/^\[/m)[0] ?? "";
  const match = vars.match(new RegExp(`^${name}\\s*=\\s*"([^"]*)"`, "m"));
  return match?.[1];
}

/** The public origin for canonical links: SITE_URL from the environment, else wrangler.toml. */
export function siteUrl() {
  return process.env.SITE_URL || wranglerVar("SITE_URL") || "http://localhost:8787";
}

/** The name of the worker's output folder under dist/ (the worker name, dashes to underscores). */
export function workerOutDir() {
  const toml = readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8");
  const name = toml.match(/^name\s*=\s*"([^"]+)"/m)?.[1] ?? "worker";
  return `dist/${name.replace(/-/g, "_")}`;
}
