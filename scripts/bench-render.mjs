// npm run bench:render [-- --no-build --duration 5 --connections 32 --rounds 3 --cold 3 --port 8798]
// What rendering public pages in the worker would cost, measured on a probe worker
// (scripts/lib/render-probe-worker.mjs) that bundles the site's React tree for workerd and runs
// it under wrangler dev next to the built static files:
// - the renderer's bundle size (what it would add to the worker upload);
// - whether each page rendered in workerd equals the file the prerenderer wrote, byte for byte;
// - render time per route: Date.now() around 20 renders in one request, median of 7 requests;
// - the first render in a fresh isolate (the server restarted before each of --cold renders);
// - in one load run on loopback: a page from the Cache API and from KV against the same page
//   from the static asset layer (the ratio the edge design must keep at 0.5 or better), and the
//   home page patched by HTMLRewriter against the same file passed through the worker;
// - sequential latency of one KV page read, one D1 content-row read and a Cache API hit.
// Writes bench-results/render.json. Figures depend heavily on the machine and its load.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { loadAverage, median, prepareProbeWorker, round2, writeResults } from "./lib/bench.mjs";

const { values, outDir, serve } = await prepareProbeWorker({
  name: "render-probe",
  port: "8798",
  options: { cold: { type: "string", default: "3" } },
  entry: "scripts/lib/render-probe-worker.mjs",
  persistTo: ".wrangler/bench-render-state",
  bundle: {
    alias: [
      { find: /^react-router$/, replacement: resolve("node_modules/react-router/dist/production/index.mjs") },
    ],
  },
  d1Databases: () => [{ binding: "DB", database_name: "render-probe", database_id: "render-probe" }],
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
const bundle = readFileSync(join(outDir, "worker.js"));
const bundleKiB = { raw: bundle.length / 1024, gzip: gzipSync(bundle).length / 1024 };

const entry = await import(resolve("dist/ssr/entry-server.js"));
const routes = [...entry.prerenderPaths.filter((path) => path !== "/home"), "/no-such-page"];
const builtFile = (path) =>
  path === "/"
    ? "dist/client/index.html"
    : path === "/no-such-page"
      ? "dist/client/404.html"
      : `dist/client${path}/index.html`;
const percentile = (numbers, p) => [...numbers].sort((a, b) => a - b)[Math.floor((numbers.length - 1) * p)];

async function timed(url, count, init) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const response = await fetch(url, init);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - start);
  }
  return { p50: round2(median(times)), p95: round2(percentile(times, 0.95)) };
}

const server = await serve();
const base = server.url;
const loadAtStart = loadAverage();
const renders = [];
const load = [];
const sequential = {};
try {
  for (const path of routes) {
    const response = await fetch(`${base}/probe/render${path}`);
    const html = Buffer.from(await response.arrayBuffer());
    const identical = html.equals(readFileSync(builtFile(path)));
    const samples = [];
    for (let i = 0; i < 7; i++) {
      samples.push((await (await fetch(`${base}/probe/loop${path}?n=20`)).json()).perRenderMs);
    }
    renders.push({
      path,
      status: response.status,
      kib: round2(html.length / 1024),
      identical,
      medianMs: round2(median(samples)),
      maxMs: round2(Math.max(...samples)),
    });
  }

  // A content row of the size the studio's content takes as JSON (the typed modules' text).
  const contentDir = "shared/content";
  const snapshot = JSON.stringify(
    Object.fromEntries(
      readdirSync(contentDir).map((file) => [file, readFileSync(join(contentDir, file), "utf8")]),
    ),
  );
  await fetch(`${base}/probe/d1`, { method: "PUT", body: snapshot });
  for (const path of ["/services", "/"]) {
    await fetch(`${base}/probe/cache${path}`);
    await fetch(`${base}/probe/kv${path}`);
  }
  sequential.baseline = await timed(`${base}/probe/ok`, 200);
  sequential["D1 content row"] = await timed(`${base}/probe/d1`, 200);
  sequential["KV page read"] = await timed(`${base}/probe/kv/services`, 200);
  sequential["Cache API hit"] = await timed(`${base}/probe/cache/services`, 200);
  sequential["static asset"] = await timed(`${base}/services`, 200);
  sequential.snapshotKiB = round2(snapshot.length / 1024);

  const targets = [
    ["static", "/services"],
    ["Cache API", "/probe/cache/services"],
    ["KV", "/probe/kv/services"],
    ["worker→ASSETS", "/probe/asset/"],
    ["HTMLRewriter", "/probe/rewrite/"],
  ];
  const samples = new Map(targets.map(([name]) => [name, []]));
  // Rounds interleave the targets, so a change in the machine's load falls on all of them.
  for (let round = 0; round < rounds; round++) {
    for (const [name, path] of targets) {
      const result = await new Promise((done, fail) =>
        autocannon({ url: `${base}${path}`, connections, duration }, (error, r) =>
          error ? fail(error) : done(r),
        ),
      );
      samples.get(name).push({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
      });
    }
  }
  for (const [name, path] of targets) {
    const s = samples.get(name);
    load.push({
      target: name,
      path,
      rps: Math.round(median(s.map((x) => x.rps))),
      p50Ms: median(s.map((x) => x.p50)),
      p99Ms: median(s.map((x) => x.p99)),
      errors: s.reduce((sum, x) => sum + x.errors, 0),
    });
  }
} finally {
  await server.stop();
}

// Each cold sample starts workerd again, so the render it times is the isolate's first.
const coldRoutes = ["/", "/gallery", "/services"];
const cold = [];
for (let i = 0; i < Number(values.cold); i++) {
  const path = coldRoutes[i % coldRoutes.length];
  const fresh = await serve(false);
  try {
    cold.push({ path, ...(await (await fetch(`${fresh.url}/probe/first${path}`)).json()) });
  } finally {
    await fresh.stop();
  }
}

const rps = (name) => load.find((row) => row.target === name)?.rps ?? 0;
const ratios = {
  cacheToStatic: round2(rps("Cache API") / rps("static")),
  kvToStatic: round2(rps("KV") / rps("static")),
  rewriteToPassthrough: round2(rps("HTMLRewriter") / rps("worker→ASSETS")),
};
const medianRenderMs = round2(median(renders.map((row) => row.medianMs)));
console.log(
  `\nRenderer bundle for workerd: ${bundleKiB.raw.toFixed(1)} KiB, ${bundleKiB.gzip.toFixed(1)} KiB gzip`,
);
console.log(`\nRender in workerd (Date.now() around 20 renders, median of 7) · load ${loadAtStart}`);
console.table(renders);
if (cold.length) {
  console.log(`First render in a fresh isolate: ${cold.map((c) => `${c.path} ${c.ms} ms`).join(" · ")}`);
}
console.log(`\nSequential requests on loopback, 200 each (ms)`);
console.table(sequential);
console.log(
  `\nLoad · ${connections} connections · ${duration} s × ${rounds} rounds (medians) · load ${loadAverage()}`,
);
console.table(load);
console.log(
  `cached/static ${ratios.cacheToStatic}× · KV/static ${ratios.kvToStatic}× · HTMLRewriter/pass-through ${ratios.rewriteToPassthrough}×`,
);
const identical = renders.filter((row) => row.identical).length;
writeResults("render.json", {
  bench: "render",
  bundleKiB,
  identical,
  routes: renders.length,
  medianRenderMs,
  renders,
  cold,
  sequential,
  connections,
  duration,
  rounds,
  load,
  ratios,
  loadAverage: { start: loadAtStart, end: loadAverage() },
});
if (identical !== renders.length) process.exitCode = 1;
