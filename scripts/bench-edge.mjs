// npm run bench:edge [-- --no-build --duration 5 --connections 32 --rounds 3 --port 8797]
// What a public page costs at the edge on the worker's real page path (worker/features/site-pages/, run by
// scripts/lib/edge-probe-worker.mjs with the D1 binding counted), on the local database loaded
// with the studio's content, and whether each bound holds:
// - a cached page view reads no D1 row (statements counted on the binding, 0 expected; the fewer
//   of two views back to back, since a view past the version's 5 s re-reads its pointer);
// - an uncached render makes at most 10 D1 queries;
// - a warm isolate renders a page in 10 ms or less: Date.now() around 20 renders in one request,
//   median of 7 requests per route, then the median over the routes;
// - a page from the Cache API is served at least half as fast as the same bytes from the static
//   asset layer: requests per second of both, interleaved rounds in one run over loopback.
// Writes bench-results/edge.json. Figures depend heavily on the machine and its load.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import autocannon from "autocannon";
import { loadAverage, median, prepareProbeWorker, round2, writeResults } from "./lib/bench.mjs";
import { siteUrl } from "./lib/config.mjs";
import { siteRenderAlias } from "./lib/site-render-alias.mjs";

const { values, serve } = await prepareProbeWorker({
  name: "edge-probe",
  port: "8797",
  entry: "scripts/lib/edge-probe-worker.mjs",
  persistTo: ".wrangler/bench-edge-state",
  bundle: {
    define: { __SITE_URL__: JSON.stringify(siteUrl()) },
    alias: [siteRenderAlias],
    external: [/^node:/],
  },
  // The real worker's database (same binding and id), which the fresh server loads with the content.
  d1Databases: (toml) =>
    toml.d1_databases.map(({ binding, database_name, database_id }) => ({
      binding,
      database_name,
      database_id,
    })),
});

const entry = await import(resolve("dist/ssr/entry-server.js"));
const routes = entry.prerenderPaths.filter((path) => path !== "/home");
const server = await serve();
const base = server.url;
const loadAtStart = loadAverage();
const pages = [];
let throughput;
try {
  for (const path of routes) {
    const first = await fetch(`${base}/probe/page${path}`);
    const html = await first.text();
    // A location re-reads its version pointer (one small query) once its last read is 5 s old,
    // by design: on a loaded machine that moment can fall on the cached view. Of two cached
    // views back to back, the second is then inside the window; the bound is about the page.
    const cachedViews = [];
    for (let view = 0; view < 2; view++) {
      const response = await fetch(`${base}/probe/page${path}`);
      await response.arrayBuffer();
      cachedViews.push(Number(response.headers.get("x-d1-queries")));
    }
    const samples = [];
    for (let i = 0; i < 7; i++) {
      samples.push((await (await fetch(`${base}/probe/render${path}?n=20`)).json()).perRenderMs);
    }
    const file = path === "/" ? "dist/client/index.html" : `dist/client${path}/index.html`;
    pages.push({
      path,
      status: first.status,
      sameAsBuild: html === readFileSync(file, "utf8"),
      uncachedQueries: Number(first.headers.get("x-d1-queries")),
      cachedQueries: Math.min(...cachedViews),
      renderMs: round2(median(samples)),
    });
  }

  // The same bytes both ways: /services from the Cache API through the worker, and the build's
  // file for /services from the asset layer.
  const targets = [
    ["static asset", "/services"],
    ["worker, Cache API", "/probe/page/services"],
  ];
  const samples = new Map(targets.map(([name]) => [name, []]));
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const [name, path] of targets) {
      const result = await new Promise((done, fail) =>
        autocannon(
          {
            url: `${base}${path}`,
            connections: Number(values.connections),
            duration: Number(values.duration),
          },
          (error, r) => (error ? fail(error) : done(r)),
        ),
      );
      samples
        .get(name)
        .push({ rps: result.requests.average, errors: result.errors + result.non2xx + result.timeouts });
    }
  }
  throughput = targets.map(([name, path]) => ({
    target: name,
    path,
    rps: Math.round(median(samples.get(name).map((s) => s.rps))),
    errors: samples.get(name).reduce((sum, s) => sum + s.errors, 0),
  }));
} finally {
  await server.stop();
}

const ratio = round2((throughput[1]?.rps ?? 0) / (throughput[0]?.rps || 1));
const medianRenderMs = round2(median(pages.map((page) => page.renderMs)));
const maxUncached = Math.max(...pages.map((page) => page.uncachedQueries));
const maxCached = Math.max(...pages.map((page) => page.cachedQueries));
const bounds = [
  ["a cached page view reads no D1 row", `${maxCached} queries at most`, maxCached === 0],
  ["an uncached render makes at most 10 D1 queries", `${maxUncached} at most`, maxUncached <= 10],
  ["warm render median <= 10 ms", `${medianRenderMs} ms`, medianRenderMs <= 10],
  ["cached page >= 0.5x the static file's rate", `${ratio}x`, ratio >= 0.5],
];
console.log(`\nPages on the worker's real path · load ${loadAtStart}`);
console.table(pages);
console.log(`\nCache API vs static asset, same bytes · load ${loadAverage()}`);
console.table(throughput);
console.table(bounds.map(([bound, figure, holds]) => ({ bound, figure, holds })));
writeResults("edge.json", {
  bench: "edge",
  pages,
  medianRenderMs,
  throughput,
  ratio,
  bounds: bounds.map(([bound, figure, holds]) => ({ bound, figure, holds })),
  loadAverage: { start: loadAtStart, end: loadAverage() },
});
if (pages.some((page) => !page.sameAsBuild) || bounds.some(([, , holds]) => !holds)) process.exitCode = 1;
