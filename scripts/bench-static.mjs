// npm run bench:static [-- --duration 10 --connections 32 --rounds 3 --no-build]
// Load test of a public page and a built asset under concurrency on loopback, against the site
// served by workerd (wrangler dev, the production asset path) and against a plain Node static
// file server (sirv) serving the same built files, so the edge runtime's local overhead reads
// as a ratio. Each request loop is bounded by time. Prints medians of the rounds and writes
// bench-results/static.json.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import sirv from "sirv";
import { buildAll } from "./build.mjs";
import { median, writeResults } from "./lib/bench.mjs";
import { startDevServer } from "./lib/dev-server.mjs";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "32" },
    rounds: { type: "string", default: "3" },
    "no-build": { type: "boolean", default: false },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const rounds = Number(values.rounds);

if (!values["no-build"]) await buildAll({ quiet: true });
const html = readFileSync("dist/client/services/index.html", "utf8");
const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
if (!asset) throw new Error("no script found in the built /services page");
const paths = ["/services", asset];

const worker = await startDevServer({
  port: 8796,
  persistTo: ".wrangler/bench-state",
  fresh: true,
});
const serveFiles = sirv("dist/client", { etag: true, extensions: ["html"], dev: false });
const plain = createServer((req, res) =>
  serveFiles(req, res, () => {
    res.statusCode = 404;
    res.end("not found");
  }),
);
await new Promise((resolve) => plain.listen(8797, "127.0.0.1", resolve));
const targets = [
  ["workerd", worker.url],
  ["static", "http://127.0.0.1:8797"],
];

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, pipelining: 1 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const rows = [];
try {
  for (const path of paths) {
    for (const [name, base] of targets) {
      const samples = [];
      for (let round = 0; round < rounds; round++) {
        const result = await load(`${base}${path}`);
        samples.push({
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
          requests: result.requests.total,
        });
      }
      rows.push({
        target: name,
        path: path === asset ? "/assets/<site>.js" : path,
        rps: median(samples.map((s) => s.rps)),
        p50Ms: median(samples.map((s) => s.p50)),
        p99Ms: median(samples.map((s) => s.p99)),
        errors: samples.reduce((sum, s) => sum + s.errors + s.non2xx, 0),
        requests: samples.reduce((sum, s) => sum + s.requests, 0),
        samples,
      });
      process.stderr.write(`  ${name} ${path} done\n`);
    }
  }
} finally {
  await worker.stop();
  plain.close();
}

for (const row of rows) {
  const baseline = rows.find((r) => r.target === "static" && r.path === row.path);
  row.rpsRatioToStatic = baseline ? row.rps / baseline.rps : null;
}
console.log(
  `\nStatic load test · ${connections} connections · ${duration} s × ${rounds} rounds (medians) · loopback`,
);
console.table(
  rows.map((r) => ({
    target: r.target,
    path: r.path,
    "req/s": Math.round(r.rps),
    "p50 ms": r.p50Ms,
    "p99 ms": r.p99Ms,
    "vs static": `${(r.rpsRatioToStatic ?? 0).toFixed(2)}×`,
    "errors+non-2xx": r.errors,
  })),
);
writeResults("static.json", { bench: "static", connections, duration, rounds, rows });
