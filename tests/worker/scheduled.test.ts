import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { cronStages, runCronJobs } from "../../worker/scheduled";

const now = new Date("2026-06-15T12:00:00.000Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

/** A contact message past its two years: retention deletes it. */
async function addExpiredContact(id: string) {
  const at = daysAgo(800);
  await env.DB.prepare(
    "INSERT INTO contact_submissions (id, name, email, message, created_at, updated_at) VALUES (?, 'Ana Lee', 'ana@example.com', 'Question about a small piece.', ?, ?)",
  )
    .bind(id, at, at)
    .run();
}

/** An idempotency key that expired a day ago: housekeeping deletes it. */
async function addExpiredKey(key: string) {
  await env.DB.prepare(
    "INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response_body, created_at, expires_at) VALUES ('contact', ?, 'h', 201, '{}', ?, ?)",
  )
    .bind(key, daysAgo(2), daysAgo(1))
    .run();
}

const exists = async (sql: string, ...values: string[]) =>
  (await env.DB.prepare(sql)
    .bind(...values)
    .first()) !== null;

/** The error lines the run wrote, parsed (and kept off the test output). */
function captureErrors() {
  const lines: Record<string, unknown>[] = [];
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation((line: string) => lines.push(JSON.parse(line)));
  return lines;
}

describe("the cron runs each job on its own", () => {
  beforeEach(async () => {
    await env.DB.exec("DELETE FROM contact_submissions; DELETE FROM idempotency_keys;");
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("a job that throws is logged by name; every other job, retention included, still runs", async () => {
    const errors = captureErrors();
    await addExpiredContact("c-old");
    await addExpiredKey("k-old");
    // The first job of the first stage breaks: everything after it used to be skipped.
    const broken = cronStages.map((stage) =>
      stage.map((job) =>
        job.name === "notifications"
          ? {
              ...job,
              run: () => Promise.reject(new Error("D1_ERROR: no such table")),
            }
          : job,
      ),
    );

    const failed = await runCronJobs(env as Env, now, broken);

    expect(failed).toEqual(["notifications"]);
    expect(errors).toContainEqual(
      expect.objectContaining({
        message: "cron job failed",
        job: "notifications",
        error: "D1_ERROR: no such table",
      }),
    );
    expect(await exists("SELECT 1 FROM contact_submissions WHERE id = ?", "c-old")).toBe(false);
    expect(await exists("SELECT 1 FROM idempotency_keys WHERE key = ?", "k-old")).toBe(false);
  });

  it("through the cron trigger: a missing metrics database stops only its own retention", async () => {
    const errors = captureErrors();
    await addExpiredContact("c-old-2");
    await addExpiredKey("k-old-2");
    const controller = createScheduledController({ scheduledTime: now, cron: "*/5 * * * *" });
    const ctx = createExecutionContext();
    await worker.scheduled(controller, { ...env, METRICS_DB: undefined } as unknown as Env, ctx);
    await waitOnExecutionContext(ctx);

    // The missing binding is named once by the configuration report, then the one job fails.
    expect(errors.map((line) => line.dependency ?? line.job)).toEqual(["metricsDb", "metrics retention"]);
    expect(await exists("SELECT 1 FROM contact_submissions WHERE id = ?", "c-old-2")).toBe(false);
    expect(await exists("SELECT 1 FROM idempotency_keys WHERE key = ?", "k-old-2")).toBe(false);
  });
});
