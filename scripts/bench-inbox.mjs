// npm run bench:inbox: the admin inbox at 50,000 consultation requests, against the built worker
// served by wrangler dev (workerd, local D1). It seeds BENCH_INBOX_ROWS requests (default 50,000;
// some with Unicode names, some with hostile text: quotes, formulas, markup, FTS operators) and
// 2,000 contact messages straight into the local D1 file, signs in as a throwaway admin, and
// times, over BENCH_INBOX_ROUNDS rounds (default 3) of BENCH_INBOX_REQUESTS requests each
// (default 200, after a warm-up):
//   list            the newest page of the inbox
//   filtered list   one status
//   search          names, e-mail parts, phone digits, idea words, Unicode, prefixes (rotating)
//   search, common  a word nearly every request contains, the search's worst case
//   deep page       a page 45,000 rows down, by its cursor
//   deep search     the tenth page of the common word
// For each it prints p50/p95 of the time the worker spent (its Server-Timing header) and of the
// whole round trip over loopback, per round and the median of the rounds; the goal is a worker
// p95 of at most 50 ms. Results also go to bench-results/inbox.json. Only 127.0.0.1 is contacted.
import { existsSync, rmSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { buildAll } from "./build.mjs";
import { median, writeResults } from "./lib/bench.mjs";
import { addBenchAdmin, benchSecrets, localDatabaseWith, signInBenchAdmin } from "./lib/bench-admin.mjs";
import { workerOutDir } from "./lib/config.mjs";
import { startDevServer } from "./lib/dev-server.mjs";
import { seedInbox } from "./lib/inbox-seed.mjs";
import { wrangler } from "./lib/local-env.mjs";

const rows = Number(process.env.BENCH_INBOX_ROWS ?? 50_000);
const rounds = Number(process.env.BENCH_INBOX_ROUNDS ?? 3);
const requests = Number(process.env.BENCH_INBOX_REQUESTS ?? 200);
const port = Number(process.env.PORT ?? 8798);
const persistTo = ".wrangler/bench-inbox-state";
const secrets = benchSecrets();

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round1 = (n) => Math.round(n * 10) / 10;

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== "1" || !existsSync(`${workerOutDir()}/wrangler.json`)) {
    console.log("building…");
    await buildAll({ quiet: true });
  }
  rmSync(persistTo, { recursive: true, force: true });
  wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], { quiet: true });
  wrangler(["d1", "migrations", "apply", "METRICS_DB", "--local", "--persist-to", persistTo], {
    quiet: true,
  });

  const db = localDatabaseWith(persistTo, "consultation_requests");
  const seedStarted = performance.now();
  const seeded = seedInbox(db, { consultations: rows, contacts: 2000 });
  const password = await addBenchAdmin(db, secrets.PASSWORD_PEPPER);
  // A row 45,000 down the list, for the deep page's cursor (the list's cursor is the base64url
  // of [created_at, id]; the browser treats it as opaque, the benchmark builds one).
  const deepRow = db
    .prepare(
      "SELECT created_at, id FROM consultation_requests ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ?",
    )
    .get(Math.min(45_000, rows - 30));
  db.close();
  console.log(
    `seeded ${seeded.consultations} requests and ${seeded.contacts} messages in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  const server = await startDevServer({ port, persistTo, vars: secrets });
  process.on("SIGINT", async () => {
    await server.stop();
    process.exit(130);
  });
  try {
    const cookie = await signInBenchAdmin(server.url, password);
    const get = async (path) => {
      const started = performance.now();
      const response = await fetch(`${server.url}${path}`, {
        headers: { Cookie: cookie, Origin: server.url },
      });
      const body = await response.json();
      const roundTrip = performance.now() - started;
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
      const worker = Number(/dur=([\d.]+)/.exec(response.headers.get("Server-Timing") ?? "")?.[1]);
      return { body, roundTrip, worker };
    };

    const searches = [
      "garcia",
      "núñez",
      "inkmail",
      "4105550",
      "koi forearm",
      "mar",
      "李",
      "peony",
      "o'brien",
      "=cmd",
    ];
    const deepCursor = Buffer.from(JSON.stringify([deepRow.created_at, deepRow.id])).toString("base64url");
    let tenthPage = "";
    {
      let cursor = "";
      for (let page = 0; page < 9; page++) {
        const { body } = await get(`/api/admin/consultations?q=tattoo&limit=20${cursor}`);
        cursor = `&cursor=${body.nextCursor}`;
      }
      tenthPage = cursor;
    }
    const scenarios = {
      list: () => "/api/admin/consultations?limit=20",
      "filtered list": (i) =>
        `/api/admin/consultations?limit=20&status=${["pending", "contacted", "scheduled"][i % 3]}`,
      search: (i) =>
        `/api/admin/consultations?limit=20&q=${encodeURIComponent(searches[i % searches.length])}`,
      "search, common word": () => "/api/admin/consultations?limit=20&q=tattoo",
      "deep page": () => `/api/admin/consultations?limit=20&cursor=${deepCursor}`,
      "deep search": () => `/api/admin/consultations?q=tattoo&limit=20${tenthPage}`,
    };

    const results = {};
    for (let r = 1; r <= rounds; r++) {
      for (const [name, path] of Object.entries(scenarios)) {
        for (let i = 0; i < 20; i++) await get(path(i));
        const worker = [];
        const roundTrip = [];
        for (let i = 0; i < requests; i++) {
          const t = await get(path(i));
          worker.push(t.worker);
          roundTrip.push(t.roundTrip);
        }
        const row = {
          workerP50: round1(percentile(worker, 50)),
          workerP95: round1(percentile(worker, 95)),
          roundTripP50: round1(percentile(roundTrip, 50)),
          roundTripP95: round1(percentile(roundTrip, 95)),
        };
        results[name] = [...(results[name] ?? []), row];
        console.log(
          `round ${r}  ${name.padEnd(20)} worker p50 ${String(row.workerP50).padStart(6)} ms  p95 ${String(row.workerP95).padStart(6)} ms   round trip p50 ${String(row.roundTripP50).padStart(6)} ms  p95 ${String(row.roundTripP95).padStart(6)} ms`,
        );
      }
    }

    console.log(`\nmedians of ${rounds} rounds, ${requests} requests each, ${rows} requests in the inbox:`);
    const summary = {};
    for (const [name, runs] of Object.entries(results)) {
      const m = (key) => round1(median(runs.map((run) => run[key])));
      summary[name] = {
        workerP50: m("workerP50"),
        workerP95: m("workerP95"),
        roundTripP50: m("roundTripP50"),
        roundTripP95: m("roundTripP95"),
      };
      const s = summary[name];
      console.log(
        `  ${name.padEnd(20)} worker p50 ${String(s.workerP50).padStart(6)} ms  p95 ${String(s.workerP95).padStart(6)} ms ${s.workerP95 <= 50 ? "✓" : "✗ over 50 ms"}   round trip p50 ${s.roundTripP50} ms  p95 ${s.roundTripP95} ms`,
      );
    }
    writeResults("inbox.json", { rows, rounds, requests, summary, runs: results });
  } finally {
    await server.stop();
  }
}

await main();
