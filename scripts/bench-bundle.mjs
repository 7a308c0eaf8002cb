// npm run bench:bundle [-- --no-build] [-- --runs 5] [-- --config dist/<worker>/wrangler.json]:
// the deployed worker bundle size, as `wrangler deploy --dry-run` reports it (total and gzip),
// and the isolate's start-up CPU time as `wrangler check startup` profiles it locally (min,
// median and max of several runs: the CPU the first evaluation of the bundle spends, idle time
// left out).
// Written to bench-results/bundle.json. --config measures another build (an older checkout's).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { buildAll } from "./build.mjs";
import { writeResults } from "./lib/bench.mjs";
import { workerOutDir } from "./lib/config.mjs";
import { quietEnv } from "./lib/local-env.mjs";

const { values } = parseArgs({
  options: {
    "no-build": { type: "boolean", default: false },
    runs: { type: "string", default: "5" },
    config: { type: "string" },
  },
});
const config = values.config ?? `${workerOutDir()}/wrangler.json`;
if (!values["no-build"] && !values.config) await buildAll({ quiet: true });

const scratch = mkdtempSync(join(tmpdir(), "bench-bundle-"));
const wrangler = (args) => {
  const result = spawnSync("npx", ["--no-install", "wrangler", ...args, "--config", config], {
    env: { ...quietEnv, NO_COLOR: "1", FORCE_COLOR: "0" },
    encoding: "utf8",
  });
  const output = `${result.stdout}${result.stderr}`;
  if (result.status !== 0) {
    process.stderr.write(output);
    process.exit(1);
  }
  return output;
};

try {
  const output = wrangler(["deploy", "--dry-run", "--outdir", join(scratch, "out")]);
  const match = /Total Upload:\s*([\d.]+)\s*KiB\s*\/\s*gzip:\s*([\d.]+)\s*KiB/.exec(output);
  if (!match) {
    process.stderr.write(output);
    process.exit(1);
  }
  const [totalKiB, gzipKiB] = [Number(match[1]), Number(match[2])];

  const startupMs = [];
  for (let run = 0; run < Number(values.runs); run++) {
    const profile = join(scratch, `startup-${run}.cpuprofile`);
    wrangler(["check", "startup", "--outfile", profile]);
    // The profile's samples, less those of the idle thread: the CPU the start-up spent.
    const { nodes, samples, timeDeltas } = JSON.parse(readFileSync(profile, "utf8"));
    const idle = new Set(
      nodes.filter((node) => node.callFrame.functionName === "(idle)").map((node) => node.id),
    );
    const busyMicros = samples.reduce((sum, id, i) => (idle.has(id) ? sum : sum + (timeDeltas[i] ?? 0)), 0);
    startupMs.push(busyMicros / 1000);
  }
  startupMs.sort((a, b) => a - b);
  const startup = {
    minMs: startupMs[0],
    medianMs: startupMs[Math.floor(startupMs.length / 2)],
    maxMs: startupMs.at(-1),
  };
  console.log(`\nWorker bundle (wrangler deploy --dry-run): ${totalKiB} KiB, ${gzipKiB} KiB gzip`);
  console.log(
    `Start-up CPU (wrangler check startup, ${startupMs.length} runs): min ${startup.minMs.toFixed(0)} ms, median ${startup.medianMs.toFixed(0)} ms, max ${startup.maxMs.toFixed(0)} ms`,
  );
  writeResults("bundle.json", { bench: "bundle", config, totalKiB, gzipKiB, startup });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
