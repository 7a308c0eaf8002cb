// npm run bench: every benchmark in turn (each prints its own detail and writes its JSON under
// bench-results/), then one summary table and one combined file, bench-results/bench.json.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { writeResults } from "./lib/bench.mjs";

// The build runs once, in the first; the others reuse it.
const benches = [
  ["bench:bundle", [], "bundle.json"],
  ["bench:static", ["--no-build"], "static.json"],
  ["bench:render", ["--no-build"], "render.json"],
  ["bench:edge", ["--no-build"], "edge.json"],
  ["bench:submissions", [], "submissions.json"],
  ["bench:photos", ["--no-build"], "photos.json"],
  ["bench:lighthouse", ["--no-build"], "lighthouse.json"],
];

const results = {};
let failed = 0;
for (const [script, args, file] of benches) {
  console.log(`\n━━ npm run ${script}`);
  const run = spawnSync("npm", ["run", "--silent", script, "--", ...args], { stdio: "inherit" });
  if (run.status !== 0) failed++;
  const path = `bench-results/${file}`;
  results[script] = existsSync(path) && run.status === 0 ? JSON.parse(readFileSync(path, "utf8")) : null;
}

const rows = [];
const add = (bench, subject, figure, value) => rows.push({ bench, subject, figure, value });
const bundle = results["bench:bundle"];
if (bundle) add("bundle", "worker upload", "KiB / gzip KiB", `${bundle.totalKiB} / ${bundle.gzipKiB}`);
for (const row of results["bench:static"]?.rows ?? []) {
  add(
    "static",
    `${row.target} ${row.path}`,
    "req/s · p99 ms · vs static",
    `${Math.round(row.rps)} · ${row.p99Ms} · ${row.rpsRatioToStatic.toFixed(2)}×`,
  );
}
const edge = results["bench:edge"];
for (const row of edge?.bounds ?? [])
  add("edge", row.bound, "figure · holds", `${row.figure} · ${row.holds ? "yes" : "NO"}`);
const render = results["bench:render"];
if (render) {
  add(
    "render",
    "renderer for workerd",
    "KiB / gzip KiB",
    `${render.bundleKiB.raw.toFixed(0)} / ${render.bundleKiB.gzip.toFixed(0)}`,
  );
  add(
    "render",
    `${render.routes} routes in workerd`,
    "same as prerendered · median ms",
    `${render.identical}/${render.routes} · ${render.medianRenderMs}`,
  );
  if (render.cold?.length) {
    add(
      "render",
      "first render, fresh isolate",
      "ms",
      render.cold.map((c) => `${c.path} ${c.ms}`).join(" · "),
    );
  }
  add(
    "render",
    "cached page vs static",
    "Cache API · KV · rewrite/pass-through",
    `${render.ratios.cacheToStatic}× · ${render.ratios.kvToStatic}× · ${render.ratios.rewriteToPassthrough}×`,
  );
}
const submissions = results["bench:submissions"];
for (const phase of submissions?.phases ?? []) {
  add(
    "submissions",
    `${phase.requests} requests, c=${phase.concurrency}`,
    "req/s · p50/p95/p99 ms",
    `${phase.requestsPerSecond} · ${phase.latencyMs.p50}/${phase.latencyMs.p95}/${phase.latencyMs.p99}`,
  );
}
if (submissions) {
  const r = submissions.reconciliation;
  add(
    "submissions",
    `kill mid-run, c=${submissions.kill.concurrency}`,
    "restart s · retries · gave up",
    `${submissions.kill.restartSeconds} · ${submissions.kill.retries} · ${submissions.kill.gaveUp}`,
  );
  add(
    "submissions",
    "reconciliation",
    "saved/accepted · lost · dup · 5xx",
    `${r.rowsSaved}/${r.distinctAccepted} · ${r.lost} · ${r.duplicated} · ${r.fiveXx}`,
  );
}
const photos = results["bench:photos"];
if (photos)
  add(
    "photos",
    "12 MP JPEG upload, processed",
    "min · median · max ms",
    `${photos.minMs} · ${photos.medianMs} · ${photos.maxMs}`,
  );
for (const route of results["bench:lighthouse"]?.routes ?? []) {
  add(
    "lighthouse",
    route.route,
    "perf/a11y/bp/seo · LCP · TBT · CLS · KB · JS KB",
    `${route.performance}/${route.accessibility}/${route.bestPractices}/${route.seo} · ${Math.round(route.lcpMs)} ms · ${Math.round(route.tbtMs)} ms · ${route.cls.toFixed(3)} · ${(route.transferBytes / 1024).toFixed(0)} · ${(route.jsBytes / 1024).toFixed(1)}`,
  );
}
console.log("\nAll benchmarks (details above; medians where a bench repeats)");
console.table(rows);
writeResults("bench.json", { benches: results, summary: rows, failed });
process.exit(failed ? 1 : 0);
