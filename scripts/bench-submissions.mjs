// npm run bench:submissions: fires at least 2,000 submissions with concurrency at the worker
// served locally by wrangler dev (workerd, local D1) on loopback, repeats some with the same
// Idempotency-Key (part of them at the same moment as the original), then reconciles what was
// answered with what D1 holds: rows saved == distinct accepted, none lost, none duplicated, no 5xx.
//
// Environment: BENCH_SUBMISSIONS (default 2000), BENCH_CONCURRENCY (32), BENCH_REPEAT_RATE
// (0.25), PORT (8799). Results also go to bench-results/submissions.json.
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { buildAll } from "./build.mjs";
import { workerOutDir } from "./lib/config.mjs";
import { startDevServer } from "./lib/dev-server.mjs";
import { quietEnv } from "./lib/local-env.mjs";

const total = Number(process.env.BENCH_SUBMISSIONS ?? 2000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const repeatRate = Number(process.env.BENCH_REPEAT_RATE ?? 0.25);
const port = Number(process.env.PORT ?? 8799);
const persistTo = ".wrangler/bench-state";
const base = `http://127.0.0.1:${port}`;

function wrangler(args) {
  const result = spawnSync("npx", ["--no-install", "wrangler", ...args], { env: quietEnv, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`wrangler ${args[0]} failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

function query(sql) {
  const out = wrangler([
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    persistTo,
    "--json",
    "--command",
    sql,
  ]);
  return JSON.parse(out)[0]?.results ?? [];
}

/** Waits (at most 30 s) until no outbox row is pending or being sent. */
async function settleOutbox() {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const [row] = query(
      "SELECT COUNT(*) AS n FROM notification_outbox WHERE status IN ('pending', 'sending')",
    );
    if (!row?.n) return;
  }
}

function startServer() {
  return startDevServer({
    port,
    persistTo,
    fresh: true,
    vars: {
      // Every request comes from one loopback address: lift the per-address limit for the run.
      RATE_LIMIT_MAX: "100000000",
      // A throwaway key for the limit's rows, so a checkout without .dev.vars runs the same.
      RATE_LIMIT_SECRET: `${randomUUID()}${randomUUID()}`,
      ...(process.env.BENCH_MAIL_PROVIDER ? { MAIL_PROVIDER: process.env.BENCH_MAIL_PROVIDER } : {}),
    },
  });
}

const ideas = [
  'Black & grey rose, about 3" x 4", with "Rosa" underneath; select a soft shading.',
  "Fine-line lavender sprig around the ankle - drop the stems if it gets busy.",
  "Japanese wave cover-up (old tribal band), 6in x 3in, union of blue & grey.",
  "Memorial script: 'Dad 1954-2023' with a small compass, 50% smaller than my sketch.",
];

function payload(i) {
  const tag = i.toString(36);
  if (i % 2 === 0) {
    return {
      path: "/api/contact",
      body: {
        name: "Alicia Moreno",
        email: `bench.${tag}@example.com`,
        phone: "(301) 555-0111",
        service: "small",
        message: `${ideas[i % ideas.length]} #${tag}`,
        newsletter: i % 3 === 0,
        ageVerification: true,
        fillMs: 15_000,
      },
    };
  }
  return {
    path: "/api/consultations",
    body: {
      name: "Devon O'Carter",
      email: `bench.${tag}@example.com`,
      phone: "+1 240 555 0172",
      tattooIdea: `${ideas[i % ideas.length]} #${tag}`,
      size: "Medium (4-6 inches)",
      placement: "Right upper arm",
      timeframe: "2-3 months",
      experience: "1-2 tattoos",
      budget: "$600-800",
      availability: "Thursday afternoons",
      ageVerification: true,
      fillMs: 20_000,
    },
  };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  if (!existsSync(`${workerOutDir()}/wrangler.json`) || !existsSync("dist/client/index.html")) {
    console.log("building…");
    await buildAll({ quiet: true });
  }
  const server = await startServer();
  process.on("SIGINT", async () => {
    await server.stop();
    process.exit(130);
  });
  try {
    // The job list: every submission once, and a share of them again with the same key, some
    // straight after the original (sequential retry), some beside it (concurrent double submit).
    const jobs = [];
    for (let i = 0; i < total; i++) {
      const key = randomUUID();
      const { path, body } = payload(i);
      jobs.push({ key, path, body });
      if (Math.random() < repeatRate) jobs.push({ key, path, body, repeat: true });
    }
    // Shuffle a little so repeats land both concurrently and later.
    for (let i = jobs.length - 1; i > 0; i--) {
      if (Math.random() < 0.3) {
        const j = Math.max(0, i - Math.floor(Math.random() * concurrency * 4));
        [jobs[i], jobs[j]] = [jobs[j], jobs[i]];
      }
    }

    const latencies = [];
    const byStatus = new Map();
    const idsByKey = new Map();
    let next = 0;
    let transportErrors = 0;
    const started = performance.now();
    async function worker() {
      while (next < jobs.length) {
        const job = jobs[next++];
        const t0 = performance.now();
        try {
          const response = await fetch(`${base}${job.path}`, {
            method: "POST",
            headers: { "Content-Type": "application/json", "Idempotency-Key": job.key },
            body: JSON.stringify(job.body),
          });
          const text = await response.text();
          latencies.push(performance.now() - t0);
          byStatus.set(response.status, (byStatus.get(response.status) ?? 0) + 1);
          if (response.status === 201) {
            const ids = idsByKey.get(job.key) ?? new Set();
            ids.add(JSON.parse(text).id);
            idsByKey.set(job.key, ids);
          }
        } catch {
          transportErrors++;
        }
      }
    }
    await Promise.all(Array.from({ length: concurrency }, worker));
    const seconds = (performance.now() - started) / 1000;

    // Deliveries run after each response: count the outbox once none is still in flight.
    await settleOutbox();
    const contacts = query("SELECT id FROM contact_submissions").map((r) => r.id);
    const consultations = query("SELECT id FROM consultation_requests").map((r) => r.id);
    const outbox = query("SELECT status, COUNT(*) AS n FROM notification_outbox GROUP BY status");
    const keys = query("SELECT COUNT(*) AS n FROM idempotency_keys")[0]?.n ?? 0;

    const saved = new Set([...contacts, ...consultations]);
    const acceptedIds = new Set([...idsByKey.values()].flatMap((ids) => [...ids]));
    const keysWithTwoIds = [...idsByKey.values()].filter((ids) => ids.size > 1).length;
    const lost = [...acceptedIds].filter((id) => !saved.has(id)).length;
    const unexplained = [...saved].filter((id) => !acceptedIds.has(id)).length;
    const fiveXx = [...byStatus].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    const outboxRows = outbox.reduce((n, r) => n + r.n, 0);

    latencies.sort((a, b) => a - b);
    const result = {
      requests: jobs.length,
      distinctSubmissions: total,
      repeatsWithSameKey: jobs.length - total,
      concurrency,
      seconds: Number(seconds.toFixed(2)),
      requestsPerSecond: Number((jobs.length / seconds).toFixed(1)),
      latencyMs: {
        p50: Number(percentile(latencies, 50).toFixed(1)),
        p95: Number(percentile(latencies, 95).toFixed(1)),
        p99: Number(percentile(latencies, 99).toFixed(1)),
        max: Number((latencies.at(-1) ?? 0).toFixed(1)),
      },
      statuses: Object.fromEntries([...byStatus].sort()),
      transportErrors,
      reconciliation: {
        distinctAccepted: acceptedIds.size,
        rowsSaved: saved.size,
        outboxRows,
        outboxByStatus: Object.fromEntries(outbox.map((r) => [r.status, r.n])),
        idempotencyKeysStored: keys,
        lost,
        duplicated: keysWithTwoIds + unexplained,
        fiveXx,
      },
    };
    const r = result.reconciliation;
    const ok =
      r.rowsSaved === r.distinctAccepted &&
      r.distinctAccepted === total &&
      r.lost === 0 &&
      r.duplicated === 0 &&
      r.fiveXx === 0 &&
      transportErrors === 0 &&
      r.outboxRows === r.rowsSaved;

    console.log(`
Submissions benchmark (wrangler dev / workerd, local D1, loopback)
  requests      ${result.requests} (${total} distinct, ${result.repeatsWithSameKey} repeated with the same Idempotency-Key)
  concurrency   ${concurrency}
  throughput    ${result.requestsPerSecond} req/s over ${result.seconds} s
  latency       p50 ${result.latencyMs.p50} ms   p95 ${result.latencyMs.p95} ms   p99 ${result.latencyMs.p99} ms   max ${result.latencyMs.max} ms
  statuses      ${JSON.stringify(result.statuses)}${transportErrors ? `   transport errors ${transportErrors}` : ""}
Reconciliation
  distinct accepted     ${r.distinctAccepted}
  rows saved            ${r.rowsSaved}   (outbox rows ${r.outboxRows}: ${JSON.stringify(r.outboxByStatus)})
  lost                  ${r.lost}
  duplicated            ${r.duplicated}
  5xx                   ${r.fiveXx}
  ${ok ? "OK: rows saved == distinct accepted, zero lost, zero duplicated, zero 5xx" : "FAILED"}
`);
    mkdirSync("bench-results", { recursive: true });
    writeFileSync("bench-results/submissions.json", `${JSON.stringify({ ...result, ok }, null, 2)}\n`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    await server.stop();
  }
}

await main();
