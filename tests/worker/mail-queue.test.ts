import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import type { MailProvider, Notification } from "../../worker/platform/mail";
import {
  claimMail,
  deliverMail,
  dropMail,
  leaseMs,
  mailKind,
  queueMail,
  retryDelayMs,
} from "../../worker/platform/mail-queue";
import { createAdmin, quietOnEmptyTables, send, signIn } from "./admin-support";
import { addConsultation } from "./inbox-support";

/** A kind of e-mail made for these tests: it loads its subject id and says it back. */
const echo = mailKind<{ id: string }>({
  name: "test-echo",
  audience: "artist",
  load: async (_env, mail) =>
    mail.subjectId.startsWith("gone-") ? dropMail("stopped", "nothing to tell") : { id: mail.subjectId },
  render: (_env, loaded) => ({ subject: `About ${loaded.id}`, text: loaded.id, replyTo: "a@example.com" }),
});

/** A provider that records what it sends, failing while `down` is true. */
function provider(options: { down?: boolean; delayMs?: number } = {}) {
  const sent: Notification[] = [];
  const state = { down: options.down ?? false };
  const p: MailProvider = {
    name: "test",
    async send(message) {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (state.down) throw new Error("provider down");
      sent.push(message);
      return { provider: "test", messageId: `m-${sent.length}` };
    },
  };
  return { p, sent, state };
}

const t0 = new Date("2026-11-28T10:00:00.000Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

/** A queued e-mail as the worker writes it, due at t0, ready to run alone or in a batch. */
function queued(mail: Omit<Parameters<typeof queueMail>[1], "now">) {
  const { sql, params } = queueMail(env.DB, { ...mail, now: t0.toISOString() }).toSQL();
  return env.DB.prepare(sql).bind(...params);
}

async function enqueue(subjectIds: string[]) {
  await env.DB.batch(subjectIds.map((subjectId) => queued({ kind: echo.name, subjectId })));
}

const rowOf = (subjectId: string) =>
  env.DB.prepare("SELECT * FROM mail_queue WHERE kind = ? AND subject_id = ?")
    .bind(echo.name, subjectId)
    .first<{ status: string; attempts: number; next_attempt_at: string; last_error: string | null }>();

const idOf = async (subjectId: string) =>
  (
    await env.DB.prepare("SELECT id FROM mail_queue WHERE kind = ? AND subject_id = ?")
      .bind(echo.name, subjectId)
      .first<{ id: string }>()
  )?.id;

const settings = { MAIL_RETRY_BASE_SECONDS: "60", MAIL_MAX_ATTEMPTS: "3" };
const testEnv = { ...env, ...settings } as Env;

describe("the mail queue runner", () => {
  quietOnEmptyTables("mail_queue");

  it("sends a queued e-mail once, and a second pass finds nothing to send", async () => {
    await enqueue(["one"]);
    const { p, sent } = provider();
    expect(await deliverMail(testEnv, [echo], { now: t0, provider: p })).toMatchObject({ sent: 1 });
    expect(await deliverMail(testEnv, [echo], { now: at(60_000), provider: p })).toMatchObject({ sent: 0 });
    expect(sent.map((m) => m.subject)).toEqual(["About one"]);
    expect(await rowOf("one")).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("re-claims an e-mail whose run stopped mid-send once its lease lapses, not before", async () => {
    await enqueue(["crashed"]);
    // A run claims it and dies before settling: the row stays `sending` under its lease.
    const [claimed] = await claimMail(env.DB, {
      kinds: [echo.name],
      now: t0.toISOString(),
      leaseUntil: at(leaseMs).toISOString(),
      limit: 10,
    });
    expect(claimed).toMatchObject({ status: "sending", attempts: 1 });
    const { p, sent } = provider();
    expect(await deliverMail(testEnv, [echo], { now: at(leaseMs - 1000), provider: p })).toMatchObject({
      sent: 0,
    });
    expect(await deliverMail(testEnv, [echo], { now: at(leaseMs), provider: p })).toMatchObject({ sent: 1 });
    expect(sent).toHaveLength(1);
    expect(await rowOf("crashed")).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("backs off after each failure, doubling from the base, and is not tried before its time", async () => {
    await enqueue(["flaky"]);
    const { p, sent, state } = provider({ down: true });
    expect(await deliverMail(testEnv, [echo], { now: t0, provider: p })).toMatchObject({ retry: 1 });
    const first = await rowOf("flaky");
    expect(first).toMatchObject({ status: "retry", attempts: 1, last_error: "provider down" });
    expect(first?.next_attempt_at).toBe(at(retryDelayMs(1, 60)).toISOString());
    // Before its time nothing is tried.
    expect(await deliverMail(testEnv, [echo], { now: at(59_000), provider: p })).toMatchObject({ retry: 0 });
    expect(await deliverMail(testEnv, [echo], { now: at(60_000), provider: p })).toMatchObject({ retry: 1 });
    // Second failure waits twice as long, counted from that attempt.
    expect((await rowOf("flaky"))?.next_attempt_at).toBe(at(60_000 + 120_000).toISOString());
    state.down = false;
    expect(await deliverMail(testEnv, [echo], { now: at(180_000), provider: p })).toMatchObject({ sent: 1 });
    expect(sent).toHaveLength(1);
    expect(await rowOf("flaky")).toMatchObject({ status: "sent", attempts: 3, last_error: null });
  });

  it("gives up at the attempt limit and tries no more", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await enqueue(["doomed"]);
    const { p } = provider({ down: true });
    for (let i = 0; i < 6; i++) await deliverMail(testEnv, [echo], { now: at(i * 3_600_000), provider: p });
    expect(await rowOf("doomed")).toMatchObject({
      status: "failed",
      attempts: 3,
      last_error: "provider down",
    });
  });

  it("a descriptor that drops its e-mail settles it without sending", async () => {
    await enqueue(["gone-1"]);
    const { p, sent } = provider();
    expect(await deliverMail(testEnv, [echo], { now: t0, provider: p })).toMatchObject({ stopped: 1 });
    expect(sent).toHaveLength(0);
    expect(await rowOf("gone-1")).toMatchObject({ status: "stopped", last_error: "nothing to tell" });
  });

  it("two runners at once never send the same e-mail twice", async () => {
    const ids = Array.from({ length: 30 }, (_, i) => `c-${i}`);
    await enqueue(ids);
    // A slow provider keeps both runs in flight together.
    const { p, sent } = provider({ delayMs: 5 });
    const [a, b] = await Promise.all([
      deliverMail(testEnv, [echo], { now: t0, provider: p, limit: 20 }),
      deliverMail(testEnv, [echo], { now: t0, provider: p, limit: 20 }),
    ]);
    await deliverMail(testEnv, [echo], { now: at(1000), provider: p });
    expect(a.sent + b.sent).toBeGreaterThanOrEqual(20);
    expect(sent.map((m) => m.text).sort()).toEqual([...ids].sort());
  });

  it("a notification given up is shown as failed on the artist's inbox card", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const cookie = await signIn(await createAdmin());
    const request = await addConsultation();
    await queued({
      kind: "notification",
      subjectId: request.id,
      topic: "consultation",
      requestId: request.id,
    }).run();
    const { p } = provider({ down: true });
    const { notificationMail } = await import("../../worker/features/mail/outbox");
    for (let i = 0; i < 3; i++)
      await deliverMail(testEnv, [notificationMail], { now: at(i * 3_600_000), provider: p });
    const body = (await (await send("GET", "/api/admin/consultations", cookie)).json()) as {
      items: { id: string; notification: { status: string; attempts: number } | null }[];
    };
    expect(body.items.find((item) => item.id === request.id)?.notification).toMatchObject({
      status: "failed",
      attempts: 3,
    });
  });

  it("the admin lists the e-mails of every kind that failed or wait to retry, and only those", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const cookie = await signIn(await createAdmin());
    await enqueue(["lost", "late", "fine"]);
    const { p, state } = provider({ down: true });
    const once = { ...testEnv, MAIL_MAX_ATTEMPTS: "1" } as Env;
    await deliverMail(once, [echo], { now: t0, provider: p, only: (await idOf("lost")) ?? "" });
    await deliverMail(testEnv, [echo], { now: t0, provider: p, only: (await idOf("late")) ?? "" });
    state.down = false;
    await deliverMail(testEnv, [echo], { now: t0, provider: p });
    const response = await send("GET", "/api/admin/mail/undelivered", cookie);
    const { items } = (await response.json()) as {
      items: { kind: string; status: string; lastError: string }[];
    };
    expect(
      items
        .filter((item) => item.kind === echo.name)
        .map((item) => item.status)
        .sort(),
    ).toEqual(["failed", "retry"]);
    expect(items.every((item) => item.lastError === "provider down")).toBe(true);
  });

  it("an e-mail about a request goes with the request", async () => {
    const request = await addConsultation();
    await queued({
      kind: echo.name,
      subjectId: "about-request",
      requestId: request.id,
    }).run();
    await env.DB.prepare("DELETE FROM consultation_requests WHERE id = ?").bind(request.id).run();
    expect(await rowOf("about-request")).toBeNull();
  });
});
