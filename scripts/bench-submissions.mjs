// npm run bench:submissions: the two forms under load over real HTTP on loopback, against the
// built worker served by wrangler dev (workerd, local D1), in three phases on one persisted state:
//   1. and 2. BENCH_SUBMISSIONS distinct submissions (default 1000) at 50 and then 200
//      concurrent clients, a quarter of them sent again with the same Idempotency-Key (some at
//      the same moment as the original, some later): throughput and p50/p95/p99 latency;
//   3. the kill test: BENCH_KILL_SUBMISSIONS more (default 600) at 50 clients; a third of the
//      way in, the server's whole process group is SIGKILLed and started again on the same
//      state, and every client re-sends with the same key until it is answered (at most 3 min).
// Then it reconciles every answer with the rows in the local D1 (read with node:sqlite): rows
// saved == distinct accepted, 0 lost, 0 duplicated, no 5xx under load, every key answered.
//
// Each submission comes from its own IPv6 /64 (2001:db8::/32, the documentation range), as a
// crowd of visitors would, so the form limit runs at its real setting and never refuses one
// (wrangler dev hands the CF-Connecting-IP header through to the worker). Environment: BENCH_SUBMISSIONS, BENCH_CONCURRENCY ("50,200"),
// BENCH_KILL_SUBMISSIONS, BENCH_REPEAT_RATE (0.25), PORT (8799). Results also go to
// bench-results/submissions.json. Only 127.0.0.1 is ever contacted.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { buildAll } from "./build.mjs";
import { writeResults } from "./lib/bench.mjs";
import { workerOutDir } from "./lib/config.mjs";
import { startDevServer } from "./lib/dev-server.mjs";
import { localD1, payload, round, runClients } from "./lib/submission-load.mjs";

const perPhase = Number(process.env.BENCH_SUBMISSIONS ?? 1000);
const concurrencies = (process.env.BENCH_CONCURRENCY ?? "50,200").split(",").map(Number);
const killSubmissions = Number(process.env.BENCH_KILL_SUBMISSIONS ?? 600);
const killConcurrency = 50;
const repeatRate = Number(process.env.BENCH_REPEAT_RATE ?? 0.25);
const port = Number(process.env.PORT ?? 8799);
const persistTo = ".wrangler/bench-state";

const vars = {
  // A throwaway key for the limit's rows, the same across the restart; a checkout without
  // .dev.vars runs the same.
  RATE_LIMIT_SECRET: `${randomUUID()}${randomUUID()}`,
  ...(process.env.BENCH_MAIL_PROVIDER ? { MAIL_PROVIDER: process.env.BENCH_MAIL_PROVIDER } : {}),
};

let clients = 0;
/** `count` distinct submissions, a share repeated with the same key, shuffled a little. */
function makeJobs(count, tag) {
  const jobs = [];
  for (let i = 0; i < count; i++) {
    const job = { key: randomUUID(), client: ++clients, ...payload(i, tag) };
    jobs.push(job);
    if (Math.random() < repeatRate) jobs.push({ ...job, repeat: true });
  }
  // Repeats land both beside their original (a double submit) and later (a retry).
  for (let i = jobs.length - 1; i > 0; i--) {
    if (Math.random() < 0.3) {
      const j = Math.max(0, i - Math.floor(Math.random() * 200));
      [jobs[i], jobs[j]] = [jobs[j], jobs[i]];
    }
  }
  return jobs;
}

const idsByKey = new Map();
function record(job, status, text) {
  if (status !== 201) return;
  const ids = idsByKey.get(job.key) ?? new Set();
  ids.add(JSON.parse(text).id);
  idsByKey.set(job.key, ids);
}

/**
 * Waits (at most 30 s) until no notification is pending or being sent by the running server.
 * Those the killed process had claimed stay "sending" until their claim lapses (2 minutes) and
 * the cron sends them: they are counted apart, not waited for.
 */
async function settleOutbox(db, restartedAt) {
  const deadline = Date.now() + 30_000;
  const inFlight = () =>
    db.all(
      "SELECT COUNT(*) AS n FROM mail_queue WHERE kind = 'notification' AND (status = 'pending' OR (status = 'sending' AND last_attempt_at >= ?))",
      restartedAt,
    )[0].n;
  while (inFlight() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return db.all(
    "SELECT COUNT(*) AS n FROM mail_queue WHERE kind = 'notification' AND status = 'sending' AND last_attempt_at < ?",
    restartedAt,
  )[0].n;
}

function reconcile(db, distinct, keys) {
  const rows = db.all(
    "SELECT id, email FROM contact_submissions UNION ALL SELECT id, email FROM consultation_requests",
  );
  const saved = new Set(rows.map((r) => r.id));
  const acceptedIds = new Set([...idsByKey.values()].flatMap((ids) => [...ids]));
  const byEmail = new Map();
  for (const r of rows) byEmail.set(r.email, (byEmail.get(r.email) ?? 0) + 1);
  const storedKeys = new Set(db.all("SELECT key FROM idempotency_keys").map((r) => r.key));
  const outbox = db.all(
    "SELECT status, COUNT(*) AS n FROM mail_queue WHERE kind = 'notification' GROUP BY status",
  );
  return {
    distinctSubmissions: distinct,
    distinctAccepted: acceptedIds.size,
    rowsSaved: saved.size,
    lost: [...acceptedIds].filter((id) => !saved.has(id)).length,
    duplicated:
      [...idsByKey.values()].filter((ids) => ids.size > 1).length +
      [...saved].filter((id) => !acceptedIds.has(id)).length +
      [...byEmail.values()].filter((n) => n > 1).length,
    keysUnanswered: keys.filter((key) => !idsByKey.has(key)).length,
    keysNotStored: [...idsByKey.keys()].filter((key) => !storedKeys.has(key)).length,
    outboxRows: outbox.reduce((n, r) => n + r.n, 0),
    outboxByStatus: Object.fromEntries(outbox.map((r) => [r.status, r.n])),
  };
}

async function main() {
  if (!existsSync(`${workerOutDir()}/wrangler.json`) || !existsSync("dist/client/index.html")) {
    console.log("building…");
    await buildAll({ quiet: true });
  }
  let server = await startDevServer({ port, persistTo, fresh: true, vars });
  process.on("SIGINT", async () => {
    await server.stop();
    process.exit(130);
  });
  const allKeys = [];
  try {
    const phases = [];
    for (const [n, concurrency] of concurrencies.entries()) {
      const jobs = makeJobs(perPhase, `c${concurrency}x${n}`);
      allKeys.push(...new Set(jobs.map((j) => j.key)));
      const result = await runClients({ jobs, concurrency, base: () => server.url, onAnswered: record });
      phases.push({ concurrency, distinct: perPhase, repeats: jobs.length - perPhase, ...result });
    }

    // The kill test: crash the server a third of the way in, start it again on the same state.
    const jobs = makeJobs(killSubmissions, "kill");
    allKeys.push(...new Set(jobs.map((j) => j.key)));
    const killAfter = Math.floor(jobs.length / 3);
    let answered = 0;
    let restart;
    const kill = { concurrency: killConcurrency, distinct: killSubmissions, killedAfterAnswers: killAfter };
    const onAnswered = (job, status, text) => {
      record(job, status, text);
      if (++answered !== killAfter) return;
      restart = (async () => {
        const t0 = performance.now();
        await server.crash();
        kill.restartedAt = new Date().toISOString();
        server = await startDevServer({ port, persistTo, vars });
        kill.restartSeconds = round((performance.now() - t0) / 1000, 2);
      })();
    };
    const result = await runClients({
      jobs,
      concurrency: killConcurrency,
      base: () => server.url,
      retryUntil: Date.now() + 180_000,
      onAnswered,
    });
    await restart;
    Object.assign(kill, result);

    const db = localD1(persistTo);
    const claimedByKilled = await settleOutbox(db, kill.restartedAt ?? new Date().toISOString());
    const distinct = perPhase * concurrencies.length + killSubmissions;
    const r = reconcile(db, distinct, allKeys);
    db.close();
    const fiveXx = [...phases, kill]
      .flatMap((p) => Object.entries(p.statuses))
      .filter(([s]) => Number(s) >= 500)
      .reduce((n, [, c]) => n + c, 0);
    const transportErrors = phases.reduce((n, p) => n + p.transportErrors, 0);
    const ok =
      r.rowsSaved === r.distinctAccepted &&
      r.distinctAccepted === distinct &&
      r.lost === 0 &&
      r.duplicated === 0 &&
      r.keysUnanswered === 0 &&
      r.keysNotStored === 0 &&
      r.outboxRows === r.rowsSaved &&
      fiveXx === 0 &&
      transportErrors === 0 &&
      kill.gaveUp === 0;

    const line = (p) =>
      `  c=${String(p.concurrency).padEnd(4)} ${String(p.requests).padStart(5)} requests (${p.distinct} distinct)  ${String(p.requestsPerSecond).padStart(6)} req/s  p50 ${p.latencyMs.p50} ms  p95 ${p.latencyMs.p95} ms  p99 ${p.latencyMs.p99} ms  max ${p.latencyMs.max} ms  ${JSON.stringify(p.statuses)}${p.transportErrors ? `  transport errors ${p.transportErrors}` : ""}`;
    console.log(`
Submissions benchmark (wrangler dev / workerd, local D1, HTTP on 127.0.0.1)
${phases.map(line).join("\n")}
Kill test (c=${kill.concurrency}, ${kill.distinct} distinct): process group SIGKILLed after ${killAfter} answers, back in ${kill.restartSeconds} s
${line(kill)}
  retries with the same key ${kill.retries} (after a 5xx: ${kill.retried5xx}), gave up ${kill.gaveUp}
Reconciliation (answers against D1 rows, all phases)
  distinct submitted ${distinct}   accepted ${r.distinctAccepted}   rows saved ${r.rowsSaved}   outbox rows ${r.outboxRows} ${JSON.stringify(r.outboxByStatus)}
  notifications the killed process had claimed: ${claimedByKilled} (sent by the cron once the claim lapses)
  lost ${r.lost}   duplicated ${r.duplicated}   unanswered keys ${r.keysUnanswered}   5xx under load ${fiveXx}
  ${ok ? "OK: every submission saved once, 0 lost, 0 duplicated, the crash included" : "FAILED"}
`);
    writeResults("submissions.json", { phases, kill, reconciliation: { ...r, fiveXx, claimedByKilled }, ok });
    process.exitCode = ok ? 0 : 1;
  } finally {
    await server.stop();
  }
}

await main();
