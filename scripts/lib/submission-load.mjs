// The load of `npm run bench:submissions`: the submissions it sends, the simulated clients that
// send them (each with its own address and, when asked, retrying with the same Idempotency-Key
// until it gets an answer), and the reading of what the served worker's local D1 holds.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

const ideas = [
  'Black & grey rose, about 3" x 4", with "Rosa" underneath; select a soft shading.',
  "Fine-line lavender sprig around the ankle - drop the stems if it gets busy.",
  "Japanese wave cover-up (old tribal band), 6in x 3in, union of blue & grey.",
  "Memorial script: 'Dad 1954-2023' with a small compass, 50% smaller than my sketch.",
];

/** Submission number `i`: contact messages and consultation requests in turn, each unique. */
export function payload(i, tag) {
  const label = `${tag}.${i.toString(36)}`;
  // Who writes: the same three fields in both kinds, the address unique to the submission.
  const sender = (name, phone) => ({ name, email: `bench.${label}@example.com`, phone });
  if (i % 2 === 0) {
    return {
      path: "/api/contact",
      body: {
        ...sender("Alicia Moreno", "(301) 555-0111"),
        service: "small",
        message: `${ideas[i % ideas.length]} #${label}`,
        newsletter: i % 3 === 0,
        ageVerification: true,
        fillMs: 15_000,
      },
    };
  }
  return {
    path: "/api/consultations",
    body: {
      ...sender("Devon O'Carter", "+1 240 555 0172"),
      tattooIdea: `${ideas[i % ideas.length]} #${label}`,
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

/** A documentation-range IPv6 address with a /64 of its own for each simulated client. */
const clientAddress = (client) =>
  `2001:db8:${(client >> 16).toString(16)}:${(client & 0xffff).toString(16)}::1`;

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const round = (n, digits = 1) => Number(n.toFixed(digits));

/**
 * Sends every job from `concurrency` clients at `base()` (read per attempt: a restarted server
 * may move). Without `retryUntil` each job is sent once and a transport error is counted; with
 * it, a job is re-sent with the same key and body after a transport error or a 5xx, backing off
 * up to a second, until it is answered or the deadline (ms since the epoch) passes.
 */
export async function runClients({ jobs, concurrency, base, retryUntil, onAnswered }) {
  const latencies = [];
  const statuses = new Map();
  let next = 0;
  let transportErrors = 0;
  let retries = 0;
  let gaveUp = 0;
  let retried5xx = 0;
  const started = performance.now();
  async function client(lane) {
    while (next < jobs.length) {
      const job = jobs[next++];
      for (let attempt = 0; ; attempt++) {
        const t0 = performance.now();
        let status = 0;
        try {
          const response = await fetch(`${base()}${job.path}`, {
            method: "POST",
            headers: {
              "Content-Type": "application/json",
              "Idempotency-Key": job.key,
              "CF-Connecting-IP": clientAddress(job.client ?? lane),
            },
            body: JSON.stringify(job.body),
            // No request may hang the run: one unanswered for a minute counts as a transport error.
            signal: AbortSignal.timeout(60_000),
          });
          const text = await response.text();
          status = response.status;
          if (!retryUntil || status < 500) {
            latencies.push(performance.now() - t0);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            onAnswered(job, status, text);
            break;
          }
          retried5xx++;
        } catch {
          if (!retryUntil) {
            transportErrors++;
            break;
          }
        }
        if (Date.now() > retryUntil) {
          gaveUp++;
          break;
        }
        retries++;
        // Back off like a browser's retry would: a little longer each time, at most a second.
        await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, (_, lane) => client(lane)));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length + transportErrors,
    seconds: round(seconds, 2),
    requestsPerSecond: round(latencies.length / seconds),
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1) ?? 0),
    },
    statuses: Object.fromEntries([...statuses].sort()),
    transportErrors,
    retries,
    retried5xx,
    gaveUp,
  };
}

/**
 * The served worker's local D1, opened as the SQLite file workerd keeps under `persistTo`
 * (miniflare's layout; tests/support/d1.ts reads the e2e server's the same way). A query takes
 * a millisecond where `wrangler d1 execute` starts a whole wrangler.
 */
export function localD1(persistTo) {
  const folder = join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(folder).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (files.length !== 1) throw new Error(`expected one D1 database in ${folder}, found ${files.join(", ")}`);
  const { DatabaseSync } = process.getBuiltinModule("node:sqlite");
  const database = new DatabaseSync(join(folder, files[0]));
  database.exec("PRAGMA busy_timeout = 5000");
  return {
    all: (sql, ...params) => database.prepare(sql).all(...params),
    close: () => database.close(),
  };
}
