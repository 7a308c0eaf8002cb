import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { post, validConsultation, validContact } from "./submission-support";

/**
 * Observability: every worker log line is one JSON object that carries the id of the
 * request (or cron run) it belongs to, including lines written after the response by the
 * notification outbox, and none holds what the visitor typed.
 */
function captureLogLines() {
  const lines: string[] = [];
  for (const method of ["log", "info", "warn", "error"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(" "));
    });
  }
  return () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("structured logs", () => {
  it("tag every line of a submission, outbox delivery included, with the request id", async () => {
    const read = captureLogLines();
    const response = await post("/api/consultations", validConsultation(), {
      env: { MAIL_PROVIDER: "log", ENVIRONMENT: "development" },
    });
    expect(response.status).toBe(201);
    const requestId = response.headers.get("X-Request-Id");
    expect(requestId).toBeTruthy();
    const entries = read().filter(
      (entry) => entry.message !== "notification written to the log (MAIL_PROVIDER=log)",
    );
    expect(entries.map((entry) => entry.message)).toEqual(
      expect.arrayContaining(["submission saved", "e-mail sent"]),
    );
    for (const entry of entries) expect(entry.requestId).toBe(requestId);
  });

  it("never carry the visitor's name, e-mail address, phone or message", async () => {
    const read = captureLogLines();
    const contact = validContact();
    const response = await post("/api/contact", contact);
    expect(response.status).toBe(201);
    const text = JSON.stringify(read());
    expect(text).toContain("submission saved");
    for (const value of [contact.name, contact.email.trim().toLowerCase(), contact.phone, contact.message]) {
      expect(text.toLowerCase()).not.toContain(value.toLowerCase());
    }
  });

  it("tag every line of one cron run with one run id", async () => {
    const read = captureLogLines();
    const controller = createScheduledController({ scheduledTime: Date.now(), cron: "*/5 * * * *" });
    const ctx = createExecutionContext();
    await worker.scheduled(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    const entries = read();
    expect(entries.length).toBeGreaterThan(0);
    const runIds = new Set(entries.map((entry) => entry.runId));
    expect(runIds.size).toBe(1);
    expect([...runIds][0]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
