import { spawnSync } from "node:child_process";
import { workerOutDir } from "../../scripts/lib/config.mjs";

/** The local D1/KV state of the server tests/e2e/global-setup.ts starts. */
export const e2eState = ".wrangler/e2e-state";

/**
 * Runs one SQL statement against the served worker's local D1 and returns its rows. Tests check
 * what the worker saved where it lands: beacons sent while a page unloads, for one, never show
 * up in Playwright's request events.
 */
export function d1<T>(sql: string): T[] {
  const result = spawnSync(
    "npx",
    [
      "--no-install",
      "wrangler",
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      e2eState,
      "--config",
      `${workerOutDir()}/wrangler.json`,
      "--json",
      "--command",
      sql,
    ],
    {
      encoding: "utf8",
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
    },
  );
  if (result.status !== 0) throw new Error(`d1 execute failed:\n${result.stdout}${result.stderr}`);
  const parsed = JSON.parse(result.stdout.slice(result.stdout.indexOf("["))) as { results: T[] }[];
  return parsed[0]?.results ?? [];
}

/** A SQL string literal for values the tests made up themselves. */
export const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;
