// Over 300 lines on purpose: every check runs for both public forms from one table of endpoints.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messages } from "../../shared/schemas/fields";
import { unsafeContentMessage } from "../../shared/schemas/security-scan";
import {
  count,
  freshIp,
  post,
  recordingMailer,
  send,
  validConsultation,
  validContact,
} from "./submission-support";

afterEach(() => {
  vi.restoreAllMocks();
});

const endpoints = [
  {
    path: "/api/contact",
    table: "contact_submissions",
    kind: "contact",
    status: "unread",
    valid: validContact as () => Record<string, unknown>,
    required: "message",
  },
  {
    path: "/api/consultations",
    table: "consultation_requests",
    kind: "consultation",
    status: "pending",
    valid: validConsultation as () => Record<string, unknown>,
    required: "tattooIdea",
  },
] as const;

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

for (const endpoint of endpoints) {
  describe(`POST ${endpoint.path}`, () => {
    it("saves the submission and answers 201 with id, status and the server's created_at", async () => {
      const before = Date.now();
      const response = await post(endpoint.path, { ...endpoint.valid(), created_at: "1999-01-01T00:00:00Z" });
      expect(response.status).toBe(201);
      const body = (await response.json()) as { id: string; status: string; created_at: string };
      // A consultation request's answer also links to its private status page.
      const statusUrl = endpoint.kind === "consultation" ? ["statusUrl"] : [];
      expect(Object.keys(body).sort()).toEqual(["created_at", "id", "status", ...statusUrl]);
      expect(body.status).toBe(endpoint.status);
      expect(Date.parse(body.created_at)).toBeGreaterThanOrEqual(before - 1000);
      const row = await env.DB.prepare(`SELECT * FROM ${endpoint.table} WHERE id = ?`)
        .bind(body.id)
        .first<Record<string, unknown>>();
      expect(row).toMatchObject({ status: endpoint.status, created_at: body.created_at });
      expect(row?.email).toBe(String(endpoint.valid().email).trim().toLowerCase());
    });

    it("queues the artist's notification in the same batch and delivers it after responding", async () => {
      const mailer = recordingMailer();
      const response = await post(endpoint.path, endpoint.valid(), { env: { MAILER: mailer.binding } });
      const { id } = (await response.json()) as { id: string };
      const outbox = await env.DB.prepare(
        "SELECT * FROM mail_queue WHERE kind = 'notification' AND topic = ? AND subject_id = ?",
      )
        .bind(endpoint.kind, id)
        .first<Record<string, unknown>>();
      expect(outbox).toMatchObject({ status: "sent", attempts: 1, provider: "cloudflare", last_error: null });
      expect(mailer.sent).toHaveLength(1);
      expect(mailer.sent[0]?.to).toBe(env.MAIL_TO);
    });

    it("answers 400 with every failing field and saves nothing", async () => {
      const before = await count(endpoint.table);
      const response = await post(endpoint.path, {
        ...endpoint.valid(),
        email: "nope",
        [endpoint.required]: "",
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as ErrorBody;
      expect(body.error.code).toBe("validation");
      expect(body.error.fields).toEqual({
        email: messages.emailFormat,
        [endpoint.required]: messages.textRequired,
      });
      expect(await count(endpoint.table)).toBe(before);
    });

    it("answers 400 when the age box is not ticked", async () => {
      const response = await post(endpoint.path, { ...endpoint.valid(), ageVerification: false });
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error.fields).toEqual({
        ageVerification: messages.ageRequired,
      });
    });

    it("answers unsafe content with the generic 400 and saves nothing", async () => {
      const before = await count(endpoint.table);
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      const response = await post(endpoint.path, {
        ...endpoint.valid(),
        [endpoint.required]: "Nice rose' OR '1'='1 please",
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: { code: "unsafe_content", message: unsafeContentMessage },
      });
      expect(await count(endpoint.table)).toBe(before);
      expect(warn).toHaveBeenCalledOnce();
    });

    it("answers 413 to a body over 32 KiB", async () => {
      const response = await post(endpoint.path, { ...endpoint.valid(), padding: "x".repeat(33 * 1024) });
      expect(response.status).toBe(413);
      expect(((await response.json()) as ErrorBody).error.code).toBe("payload_too_large");
    });

    it("answers 415 to a body that is not declared as JSON", async () => {
      const form = await post(endpoint.path, null, {
        contentType: "application/x-www-form-urlencoded",
        raw: "name=Mara&email=m%40example.com",
      });
      expect(form.status).toBe(415);
      expect(((await form.json()) as ErrorBody).error.code).toBe("unsupported_media_type");
      const none = await post(endpoint.path, endpoint.valid(), { contentType: null, raw: "{}" });
      expect(none.status).toBe(415);
    });

    it("answers 400 to malformed JSON", async () => {
      const response = await post(endpoint.path, null, { raw: '{"name": "Mara",' });
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error.code).toBe("invalid_json");
    });

    it("answers 429 with Retry-After once one address goes over the limit", async () => {
      const ip = freshIp();
      const limited = { RATE_LIMIT_MAX: "2", RATE_LIMIT_WINDOW_SECONDS: "600" };
      for (let i = 0; i < 2; i++) {
        expect((await post(endpoint.path, endpoint.valid(), { ip, env: limited })).status).toBe(201);
      }
      const before = await count(endpoint.table);
      const response = await post(endpoint.path, endpoint.valid(), { ip, env: limited });
      expect(response.status).toBe(429);
      const retryAfter = Number(response.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(((await response.json()) as ErrorBody).error.code).toBe("rate_limited");
      expect(await count(endpoint.table)).toBe(before);
      // Another address is not affected.
      expect((await post(endpoint.path, endpoint.valid(), { env: limited })).status).toBe(201);
    });

    it("returns the first answer to a retried Idempotency-Key and saves one row", async () => {
      const key = crypto.randomUUID();
      const payload = endpoint.valid();
      const first = await post(endpoint.path, payload, { idempotencyKey: key });
      expect(first.status).toBe(201);
      const { statusUrl: _, ...firstBody } = (await first.json()) as Record<string, unknown>;
      const before = await count(endpoint.table);
      const again = await post(endpoint.path, payload, { idempotencyKey: key });
      expect(again.status).toBe(201);
      expect(again.headers.get("Idempotent-Replayed")).toBe("true");
      // The same answer, but for the status link, which is kept only as its hash.
      expect(await again.json()).toEqual(firstBody);
      expect(await count(endpoint.table)).toBe(before);
      expect(await count("mail_queue WHERE kind = 'notification'")).toBe(await countAllSubmissions());
    });

    it("saves once when two requests with one key arrive together", async () => {
      const key = crypto.randomUUID();
      const payload = endpoint.valid();
      const before = await count(endpoint.table);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => post(endpoint.path, payload, { idempotencyKey: key })),
      );
      expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
      const ids = new Set(
        await Promise.all(answers.map(async (r) => ((await r.json()) as { id: string }).id)),
      );
      expect(ids.size).toBe(1);
      expect(await count(endpoint.table)).toBe(before + 1);
    });

    it("refuses a reused Idempotency-Key with a different body (422) and a malformed key (400)", async () => {
      const key = crypto.randomUUID();
      expect((await post(endpoint.path, endpoint.valid(), { idempotencyKey: key })).status).toBe(201);
      const other = await post(
        endpoint.path,
        { ...endpoint.valid(), name: "Someone Else" },
        { idempotencyKey: key },
      );
      expect(other.status).toBe(422);
      expect(((await other.json()) as ErrorBody).error.code).toBe("idempotency_key_reused");
      const bad = await post(endpoint.path, endpoint.valid(), {
        headers: { "Idempotency-Key": "has space" },
      });
      expect(bad.status).toBe(400);
    });

    it("answers a browser retry with a fresh fill time and Turnstile token as the first attempt", async () => {
      // The form re-sends the same key with the time it has now been open and a new token.
      const key = crypto.randomUUID();
      const email = `retry-${crypto.randomUUID()}@example.com`;
      const fields = { ...endpoint.valid(), email };
      const rows = () =>
        env.DB.prepare(`SELECT COUNT(*) AS n FROM ${endpoint.table} WHERE email = ?`)
          .bind(email)
          .first<{ n: number }>()
          .then((row) => row?.n);
      const first = await post(
        endpoint.path,
        { ...fields, fillMs: 5000, turnstileToken: "first-token" },
        { idempotencyKey: key },
      );
      expect(first.status).toBe(201);
      const firstBody = (await first.json()) as { id: string; status: string };
      // Key order is not part of the request either.
      const reordered = Object.fromEntries(Object.entries(fields).reverse());
      const retry = await post(
        endpoint.path,
        { turnstileToken: "second-token", ...reordered, fillMs: 9000, website: "" },
        { idempotencyKey: key },
      );
      expect(retry.status).toBe(201);
      const retryBody = (await retry.json()) as { id: string; status: string };
      expect(retryBody.id).toBe(firstBody.id);
      expect(retryBody.status).toBe(firstBody.status);
      expect(await rows()).toBe(1);
      // A real change to what the visitor wrote under the same key is still refused.
      const changed = await post(
        endpoint.path,
        { ...fields, [endpoint.required]: "A completely different idea, written later.", fillMs: 9000 },
        { idempotencyKey: key },
      );
      expect(changed.status).toBe(422);
      expect(((await changed.json()) as ErrorBody).error.code).toBe("idempotency_key_reused");
      expect(await rows()).toBe(1);
    });

    it("refuses a filled honeypot with a visible 400 and saves nothing", async () => {
      const before = await count(endpoint.table);
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      const response = await post(endpoint.path, { ...endpoint.valid(), website: "http://spam.example" });
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error.code).toBe("spam_check");
      expect(await count(endpoint.table)).toBe(before);
      expect(warn).toHaveBeenCalledOnce();
    });

    it("refuses a form sent faster than the minimum fill time, accepts a normal one", async () => {
      const fast = await post(endpoint.path, { ...endpoint.valid(), fillMs: 400 });
      expect(fast.status).toBe(400);
      expect(((await fast.json()) as ErrorBody).error.code).toBe("too_fast");
      const normal = await post(endpoint.path, { ...endpoint.valid(), fillMs: 45_000 });
      expect(normal.status).toBe(201);
    });

    it("refuses control and bidi characters, a bare number and a 65-octet local part, field by field", async () => {
      const before = await count(endpoint.table);
      const cases: [Record<string, unknown>, string, string][] = [
        [
          { [endpoint.required]: "Invoice \u202Egpj.exe for the rose" },
          endpoint.required,
          messages.textHidden,
        ],
        [{ [endpoint.required]: "A small rose\u0007 on my wrist" }, endpoint.required, messages.textHidden],
        [{ [endpoint.required]: "12345678901" }, endpoint.required, messages.textWords],
        [{ email: `${"a".repeat(65)}@example.com` }, "email", messages.emailLocalTooLong],
      ];
      for (const [patch, field, message] of cases) {
        const response = await post(endpoint.path, { ...endpoint.valid(), ...patch });
        expect(response.status).toBe(400);
        const body = (await response.json()) as ErrorBody;
        expect(body.error.code).toBe("validation");
        expect(body.error.fields).toEqual({ [field]: message });
      }
      expect(await count(endpoint.table)).toBe(before);
      // At the edges: a 64-octet local part, a multi-line message with emoji and accents.
      const edge = await post(endpoint.path, {
        ...endpoint.valid(),
        email: `${"a".repeat(64)}@example.com`,
        [endpoint.required]: 'Zoë here 👩🏽‍🎨\nA small rose, 3" on my wrist.',
      });
      expect(edge.status).toBe(201);
    });

    it('refuses a form without a real fill time: left out, null, "0" or any other string', async () => {
      const before = await count(endpoint.table);
      const { fillMs: _, ...withoutFillTime } = endpoint.valid();
      for (const body of [
        withoutFillTime,
        { ...withoutFillTime, fillMs: null },
        { ...withoutFillTime, fillMs: "0" },
        { ...withoutFillTime, fillMs: "45000" },
        { ...withoutFillTime, fillMs: 2999 },
      ]) {
        const response = await post(endpoint.path, body);
        expect(response.status, JSON.stringify(body.fillMs)).toBe(400);
        expect(((await response.json()) as ErrorBody).error.code).toBe("too_fast");
      }
      expect(await count(endpoint.table)).toBe(before);
      // At the limit exactly, the form is a person's.
      expect((await post(endpoint.path, { ...withoutFillTime, fillMs: 3000 })).status).toBe(201);
    });

    it("checks Turnstile on the server when a secret is configured", async () => {
      const verify = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
        expect(String(input)).toBe("https://challenges.cloudflare.com/turnstile/v0/siteverify");
        const form = init?.body as FormData;
        expect(form.get("secret")).toBe("test-secret");
        return Response.json({ success: form.get("response") === "good-token" });
      });
      const withTurnstile = { env: { TURNSTILE_SECRET_KEY: "test-secret" } };
      const missing = await post(endpoint.path, endpoint.valid(), withTurnstile);
      expect(missing.status).toBe(400);
      expect(((await missing.json()) as ErrorBody).error.code).toBe("turnstile_failed");
      const wrong = await post(endpoint.path, { ...endpoint.valid(), turnstileToken: "bad" }, withTurnstile);
      expect(wrong.status).toBe(400);
      const good = await post(
        endpoint.path,
        { ...endpoint.valid(), turnstileToken: "good-token" },
        withTurnstile,
      );
      expect(good.status).toBe(201);
      expect(verify).toHaveBeenCalledTimes(2);
    });

    it("answers 503 (and saves nothing) when Turnstile cannot be reached", async () => {
      vi.spyOn(globalThis, "fetch").mockRejectedValue(new Error("network down"));
      const before = await count(endpoint.table);
      const response = await post(
        endpoint.path,
        { ...endpoint.valid(), turnstileToken: "t" },
        { env: { TURNSTILE_SECRET_KEY: "s" } },
      );
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("30");
      expect(await count(endpoint.table)).toBe(before);
    });

    it("answers other methods with the JSON 404", async () => {
      const response = await send(endpoint.path, { method: "GET" });
      expect(response.status).toBe(404);
      expect(((await response.json()) as ErrorBody).error.code).toBe("not_found");
    });
  });
}

async function countAllSubmissions() {
  return (await count("contact_submissions")) + (await count("consultation_requests"));
}

describe("form configuration", () => {
  it("GET /api/consultations/config gives the booking widget link and the Turnstile site key", async () => {
    const response = await send("/api/consultations/config");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      turnstileSiteKey: null,
      bookingWidgetUrl: new URL(env.BOOKING_WIDGET_URL).toString(),
    });
    const configured = await send("/api/contact/config", {}, { TURNSTILE_SITE_KEY: "0x4AAA" });
    expect(await configured.json()).toEqual({ turnstileSiteKey: "0x4AAA" });
  });

  it("never passes a non-http booking link to the browser", async () => {
    const response = await send(
      "/api/consultations/config",
      {},
      { BOOKING_WIDGET_URL: "javascript:alert(1)" },
    );
    expect(((await response.json()) as { bookingWidgetUrl: unknown }).bookingWidgetUrl).toBeNull();
  });
});
