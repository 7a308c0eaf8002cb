// npm run bench:bundle [-- --no-build]: the deployed worker bundle size, as `wrangler deploy
// --dry-run` reports it (total and gzip), written to bench-results/bundle.json.
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { buildAll } from "./build.mjs";
import { writeResults } from "./lib/bench.mjs";
import { deployDryRunArgs } from "./lib/config.mjs";
import { quietEnv } from "./lib/local-env.mjs";

const { values } = parseArgs({ options: { "no-build": { type: "boolean", default: false } } });
if (!values["no-build"]) await buildAll({ quiet: true });

const result = spawnSync("npx", ["--no-install", ...deployDryRunArgs()], {
  env: { ...quietEnv, NO_COLOR: "1", FORCE_COLOR: "0" },
  encoding: "utf8",
});
const output = `${result.stdout}${result.stderr}`;
const match = /Total Upload:\s*([\d.]+)\s*KiB\s*\/\s*gzip:\s*([\d.]+)\s*KiB/.exec(output);
if (result.status !== 0 || !match) {
  process.stderr.write(output);
  process.exit(1);
}
const [totalKiB, gzipKiB] = [Number(match[1]), Number(match[2])];
console.log(`\nWorker bundle (wrangler deploy --dry-run): ${totalKiB} KiB, ${gzipKiB} KiB gzip`);
writeResults("bundle.json", { bench: "bundle", totalKiB, gzipKiB });
