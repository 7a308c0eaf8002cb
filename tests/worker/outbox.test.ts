import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deliverNotification } from "../../worker/features/mail/outbox";
import { notificationFor, notificationsFor } from "../../worker/features/mail/queries";
import worker from "../../worker/index";
import { mailSettings } from "../../worker/platform/config";
import {
  httpProvider,
  mailProviderFor,
  renderNotification,
  structuredMessage,
} from "../../worker/platform/mail";
import { retryDelayMs } from "../../worker/platform/mail-queue";
import {
  brokenMailer,
  count,
  post,
  recordingMailer,
  validConsultation,
  validContact,
} from "./submission-support";
import { expectOneLogLine, silenced } from "./support";

afterEach(() => {
  vi.restoreAllMocks();
});

async function runCron(at: Date, overrides: Partial<Env> = {}) {
  const controller = createScheduledController({ scheduledTime: at, cron: "*/5 * * * *" });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, { ...env, ...overrides } as Env, ctx);
  await waitOnExecutionContext(ctx);
}

const minutes = (n: number) => n * 60_000;

describe("notification outbox", () => {
  // Storage is shared by the tests of a file: settle earlier tests' notifications so each cron
  // pass below only meets the rows its own test created.
  beforeEach(async () => {
    await env.DB.prepare("UPDATE mail_queue SET status = 'sent' WHERE status <> 'sent'").run();
  });

  it("delivers through the real send_email binding (wrangler's local stand-in)", async () => {
    const response = await post("/api/consultations", validConsultation());
    const { id } = (await response.json()) as { id: string };
    const state = await notificationFor(env.DB, "consultation", id);
    expect(state).toMatchObject({ status: "sent", attempts: 1, provider: "cloudflare" });
    expect(state?.providerMessageId).toBeTruthy();
    expect(state?.sentAt).toBeTruthy();
  });

  it("keeps the visitor's 201 when delivery fails, and records the failure for a retry", async () => {
    const warn = silenced("warn");
    const response = await post("/api/contact", validContact(), { env: { MAILER: brokenMailer } });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const state = await notificationFor(env.DB, "contact", id);
    expect(state).toMatchObject({ status: "retry", attempts: 1, lastError: "mail service unreachable" });
    const next = Date.parse(state?.nextAttemptAt ?? "");
    const base = Number(env.MAIL_RETRY_BASE_SECONDS) * 1000;
    expect(next - Date.parse(state?.lastAttemptAt ?? "")).toBeGreaterThanOrEqual(base - 1000);
    expectOneLogLine(warn, "warn", { message: "e-mail not sent; will retry", kind: "notification" });
  });

  it("the cron retries with backoff until delivered", async () => {
    silenced("warn");
    const response = await post("/api/consultations", validConsultation(), { env: { MAILER: brokenMailer } });
    const { id } = (await response.json()) as { id: string };
    const t0 = Date.now();

    // Before the first retry is due, the cron leaves it alone.
    await runCron(new Date(t0 + minutes(1)), { MAILER: brokenMailer });
    expect(await notificationFor(env.DB, "consultation", id)).toMatchObject({ status: "retry", attempts: 1 });

    // Due (5 minutes): tried again, still failing, next wait doubles to 10 minutes.
    await runCron(new Date(t0 + minutes(6)), { MAILER: brokenMailer });
    const second = await notificationFor(env.DB, "consultation", id);
    expect(second).toMatchObject({ status: "retry", attempts: 2 });
    expect(Date.parse(second?.nextAttemptAt ?? "")).toBe(t0 + minutes(6) + minutes(10));

    // The mail service is back: the next due pass delivers it.
    const mailer = recordingMailer();
    await runCron(new Date(t0 + minutes(17)), { MAILER: mailer.binding });
    expect(await notificationFor(env.DB, "consultation", id)).toMatchObject({ status: "sent", attempts: 3 });
    expect(mailer.sent).toHaveLength(1);

    // Sent is final: later passes never send it again.
    await runCron(new Date(t0 + minutes(60)), { MAILER: mailer.binding });
    expect(mailer.sent).toHaveLength(1);
  });

  it("gives up after MAIL_MAX_ATTEMPTS and marks the notification failed", async () => {
    silenced("warn");
    const error = silenced("error");
    const overrides = { MAILER: brokenMailer, MAIL_MAX_ATTEMPTS: "3" };
    const response = await post("/api/contact", validContact(), { env: overrides });
    const { id } = (await response.json()) as { id: string };
    let at = Date.now();
    for (let i = 0; i < 4; i++) {
      at += minutes(24 * 60);
      await runCron(new Date(at), overrides);
    }
    expect(await notificationFor(env.DB, "contact", id)).toMatchObject({
      status: "failed",
      attempts: 3,
      lastError: "mail service unreachable",
    });
    // Given up once, and said so once. (The runtime is shared with other files, whose own
    // after-response work may log beside this test: only this notification's lines count.)
    const givenUp = error.mock.calls
      .map((call) => JSON.parse(String(call[0])) as { message: string; kind?: string })
      .filter((line) => line.kind === "notification");
    expect(givenUp).toHaveLength(1);
    expect(givenUp[0]).toMatchObject({ message: "e-mail failed for good", kind: "notification" });
  });

  it("a notification is claimed once: a second delivery of the same row does nothing", async () => {
    const mailer = recordingMailer();
    const response = await post("/api/contact", validContact(), { env: { MAILER: mailer.binding } });
    const { id } = (await response.json()) as { id: string };
    const state = await notificationFor(env.DB, "contact", id);
    expect(await deliverNotification({ ...env, MAILER: mailer.binding }, state?.id ?? "")).toBe("skipped");
    expect(mailer.sent).toHaveLength(1);
  });

  it("the cron picks up a notification whose first delivery never ran (worker stopped)", async () => {
    const mailer = recordingMailer();
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO contact_submissions (id, name, email, message, status, created_at, updated_at) VALUES (?, 'Ana Li', 'ana@example.com', 'Hello from a lost delivery', 'unread', ?, ?)",
      ).bind(id, now, now),
      env.DB.prepare(
        "INSERT INTO mail_queue (id, kind, topic, subject_id, status, attempts, next_attempt_at, created_at, updated_at) VALUES (?, 'notification', 'contact', ?, 'pending', 0, ?, ?, ?)",
      ).bind(crypto.randomUUID(), id, now, now, now),
    ]);
    await runCron(new Date(Date.now() + 1000), { MAILER: mailer.binding });
    expect(await notificationFor(env.DB, "contact", id)).toMatchObject({ status: "sent", attempts: 1 });
    expect(mailer.sent).toHaveLength(1);
  });

  it("every saved submission has exactly one outbox row", async () => {
    await post("/api/contact", validContact());
    await post("/api/consultations", validConsultation());
    const orphans = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM (
         SELECT id FROM contact_submissions WHERE id NOT IN (SELECT subject_id FROM mail_queue WHERE kind = 'notification' AND topic = 'contact')
         UNION ALL
         SELECT id FROM consultation_requests WHERE id NOT IN (SELECT subject_id FROM mail_queue WHERE kind = 'notification' AND topic = 'consultation'))`,
    ).first<{ n: number }>();
    expect(orphans?.n).toBe(0);
    expect(await count("mail_queue WHERE kind = 'notification'")).toBe(
      (await count("contact_submissions")) + (await count("consultation_requests")),
    );
  });

  it("the cron clears expired idempotency keys and ended rate-limit windows", async () => {
    await post("/api/contact", validContact(), { idempotencyKey: crypto.randomUUID() });
    expect(await count("idempotency_keys")).toBeGreaterThan(0);
    expect(await count("rate_limit_windows")).toBeGreaterThan(0);
    await runCron(new Date(Date.now() + minutes(25 * 60)));
    expect(await count("idempotency_keys")).toBe(0);
    expect(await count("rate_limit_windows")).toBe(0);
  });

  it("reads the delivery state of many submissions at once for the admin inbox", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await post("/api/contact", validContact());
      ids.push(((await response.json()) as { id: string }).id);
    }
    const states = await notificationsFor(env.DB, "contact", [...ids, "missing-id"]);
    expect([...states.keys()].sort()).toEqual([...ids].sort());
    expect([...states.values()].every((state) => state.status === "sent")).toBe(true);
    expect((await notificationsFor(env.DB, "consultation", ids)).size).toBe(0);
  });

  it("backoff doubles from the base and is capped", () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 300) / 60_000)).toEqual([5, 10, 20, 40]);
    expect(retryDelayMs(30, 300)).toBe(12 * 60 * 60_000);
  });
});

describe("mail providers", () => {
  const contactRow = {
    id: "c-1",
    name: "Zoë O'Neil",
    email: "zoe@example.com",
    phone: null,
    serviceInterest: "coverup",
    message: 'Cover-up of an old name, 3" wide.',
    newsletterSignup: false,
    status: "unread" as const,
    createdAt: "2026-11-21T12:00:00.000Z",
    updatedAt: "2026-11-21T12:00:00.000Z",
    adminNotes: null,
    respondedAt: null,
    respondedBy: null,
  };

  it("renders every field, the reply-to address and a link to the inbox", () => {
    const note = renderNotification({ kind: "contact", row: contactRow }, "https://studio.test");
    expect(note.subject).toBe("New contact message from Zoë O'Neil");
    expect(note.replyTo).toBe("zoe@example.com");
    expect(note.text).toContain('Cover-up of an old name, 3" wide.');
    expect(note.text).toContain("Service interest: coverup");
    expect(note.text).toContain("https://studio.test/admin/consultations");
  });

  it("sends fields, not MIME, with the sender's name and the subject on one line (no header injection)", async () => {
    const given: EmailMessageBuilder[] = [];
    const capture = {
      send: async (message: EmailMessageBuilder) => {
        given.push(message);
        return { messageId: "m-1" };
      },
    } as unknown as SendEmail;
    const provider = mailProviderFor({ ...env, MAILER: capture } as Env, mailSettings(env), "key-1");
    const result = await provider.send({
      subject: "New request from Zoë\r\nBcc: evil@example.com",
      text: "Hello ✨",
      replyTo: "zoe@example.com",
    });
    expect(result).toEqual({ provider: "cloudflare", messageId: "m-1" });
    expect(given).toEqual([
      {
        from: { name: "Gilded Needle website", email: mailSettings(env).from },
        to: mailSettings(env).to,
        replyTo: "zoe@example.com",
        subject: "New request from Zoë Bcc: evil@example.com",
        text: "Hello ✨",
      },
    ]);
  });

  it("sends a file as an attachment of its own, its name kept to one safe line", () => {
    const calendar = `BEGIN:VCALENDAR\r\nSUMMARY:Séance ✨\r\nEND:VCALENDAR\r\n`;
    const message = structuredMessage(
      {
        subject: "Booked",
        text: "See you then.",
        replyTo: "a@b.co",
        to: "client@example.com",
        fromName: "Mara at Gilded Needle",
        attachments: [
          {
            filename: 'session"\r\n/../.ics',
            contentType: "text/calendar; method=PUBLISH",
            content: calendar,
          },
        ],
      },
      { from: "n@studio.test", to: "client@example.com" },
    );
    expect(message.from).toEqual({ name: "Mara at Gilded Needle", email: "n@studio.test" });
    expect(message.attachments).toEqual([
      {
        disposition: "attachment",
        filename: "session ...ics",
        type: "text/calendar; method=PUBLISH; charset=UTF-8",
        content: calendar,
      },
    ]);
  });

  it("the local send_email binding takes the message, attachment and all", async () => {
    const settings = mailSettings(env);
    const provider = mailProviderFor(env, settings, "key-2");
    const result = await provider.send({
      subject: "Session booked: Sam, Saturday",
      text: "A session was booked.",
      replyTo: "sam@example.com",
      attachments: [
        {
          filename: "session.ics",
          contentType: "text/calendar",
          content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n",
        },
      ],
    });
    expect(result.provider).toBe("cloudflare");
    expect(result.messageId).toBeTruthy();
  });

  it("the HTTP provider posts the message with its key and idempotency key, and reports failures", async () => {
    const settings = {
      ...mailSettings(env),
      provider: "http" as const,
      apiKey: "re_test",
      apiUrl: "https://mail.test/emails",
    };
    const calls: { url: string; init: RequestInit }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      calls.push({ url: String(input), init: init ?? {} });
      return calls.length === 1
        ? Response.json({ id: "msg_1" })
        : new Response("rate limited for zoe@example.com", { status: 429 });
    });
    const provider = httpProvider(settings, "outbox-1");
    const note = renderNotification({ kind: "contact", row: contactRow }, "https://studio.test");
    await expect(provider.send(note)).resolves.toEqual({ provider: "http", messageId: "msg_1" });
    const headers = new Headers(calls[0]?.init.headers);
    expect(calls[0]?.url).toBe("https://mail.test/emails");
    expect(headers.get("Authorization")).toBe("Bearer re_test");
    expect(headers.get("Idempotency-Key")).toBe("outbox-1");
    expect(JSON.parse(String(calls[0]?.init.body))).toMatchObject({
      to: [settings.to],
      reply_to: "zoe@example.com",
      subject: note.subject,
    });
    // The provider's body may echo the visitor's address: only the status is kept and logged.
    const refusal = await provider.send(note).catch((error: Error) => error);
    expect(String(refusal)).toContain("mail API answered 429");
    expect(String(refusal)).not.toContain("zoe@example.com");
  });

  it("MAIL_PROVIDER=http delivers submissions through the HTTP API", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ id: "msg_http" }));
    const response = await post("/api/contact", validContact(), {
      env: { MAIL_PROVIDER: "http", MAIL_API_KEY: "re_test" },
    });
    const { id } = (await response.json()) as { id: string };
    expect(await notificationFor(env.DB, "contact", id)).toMatchObject({
      status: "sent",
      provider: "http",
      providerMessageId: "msg_http",
    });
  });

  it("the log provider is refused in production (logs must not hold personal data)", async () => {
    silenced("warn");
    const error = silenced("error");
    const response = await post("/api/contact", validContact(), {
      env: { MAIL_PROVIDER: "log", ENVIRONMENT: "production" },
    });
    expect(response.status).toBe(201);
    // The configuration report says it at once, before any e-mail is tried.
    expect(error.mock.calls.map(([line]) => JSON.parse(String(line)))).toContainEqual(
      expect.objectContaining({ dependency: "mail", state: "failing" }),
    );
    const { id } = (await response.json()) as { id: string };
    expect(await notificationFor(env.DB, "contact", id)).toMatchObject({
      status: "retry",
      lastError: 'MAIL_PROVIDER "log" is not allowed in production',
    });
  });
});
