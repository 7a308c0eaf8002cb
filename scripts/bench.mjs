// npm run bench: every benchmark in turn. Each prints its own table and writes its JSON file
// under bench-results/.
import { spawnSync } from "node:child_process";

// The build runs once, in the first; the others reuse it.
const benches = [
  ["bench:bundle", []],
  ["bench:static", ["--no-build"]],
  ["bench:lighthouse", ["--no-build"]],
];
let failed = 0;
for (const [script, args] of benches) {
  console.log(`\n━━ npm run ${script}`);
  const result = spawnSync("npm", ["run", "--silent", script, "--", ...args], { stdio: "inherit" });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
