// The waitlist while the books are closed: the sign-up (JSON and posted without JavaScript), the
// one e-mail a reopening sends each waiting person (publish and restore), the unsubscribe link,
// the admin's count and retention.
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { studioStyles } from "../../shared/studio-styles";
import { contentFromModules } from "../../worker/features/content/seed";
import { deliverWaitlistMail } from "../../worker/features/waitlist/service";
import { sha256Hex } from "../../worker/platform/crypto";
import type { MailProvider, Notification } from "../../worker/platform/mail";
import { enforceRetention } from "../../worker/retention";
import { adminCall, send as adminSend, quietLogs, signedInAdmin } from "./admin-support";
import { seedContent } from "./content-support";
import { prerenderedAssets } from "./site-pages-support";
import { freshIp, post, send } from "./submission-support";

const seed = contentFromModules();
const [firstStyle = "", secondStyle = ""] = studioStyles(seed.portfolio);
let cookie: string;

interface Entry {
  id: string;
  name: string;
  email: string;
  styles: string;
  notified_at: string | null;
  mail_status: string | null;
  mail_attempts: number;
  unsubscribe_hash: string | null;
}

/** An entry with its newest reopening e-mail's state from the mail queue (none while it waits). */
const withMail = `SELECT w.*,
  (SELECT q.status FROM mail_queue q WHERE q.kind = 'waitlist' AND q.subject_id = w.id ORDER BY q.created_at DESC LIMIT 1) AS mail_status,
  coalesce((SELECT q.attempts FROM mail_queue q WHERE q.kind = 'waitlist' AND q.subject_id = w.id ORDER BY q.created_at DESC LIMIT 1), 0) AS mail_attempts
  FROM waitlist_entries w`;
const entries = async () =>
  (await env.DB.prepare(`${withMail} ORDER BY w.created_at, w.email`).all<Entry>()).results;
const entry = async (email: string) =>
  env.DB.prepare(`${withMail} WHERE w.email = ?`).bind(email).first<Entry>();

const signUp = (overrides: Record<string, unknown> = {}, options: { ip?: string } = {}) =>
  post(
    "/api/waitlist",
    { name: "Maya Lindqvist", email: "maya@example.com", styles: [firstStyle], fillMs: 8000, ...overrides },
    options,
  );

/** Saves the booking section and publishes it, as the Studio does. */
async function publishBooking(booksOpen: boolean, message?: string) {
  const drafts = (await (await adminSend("GET", "/api/admin/content", cookie)).json()) as {
    version: number;
    sections: Record<string, { revision: number }>;
  };
  const saved = await adminSend("PUT", "/api/admin/content/sections/booking", cookie, {
    data: { booksOpen, ...(message ? { message } : {}) },
    revision: drafts.sections.booking?.revision ?? 0,
  });
  expect(saved.status).toBe(200);
  const published = await adminSend("POST", "/api/admin/content/publish", cookie, {
    baseVersion: drafts.version,
  });
  expect(published.status).toBe(201);
  return ((await published.json()) as { version: number }).version;
}

/** A provider that keeps what it was asked to send. */
function recorder(fail = false) {
  const sent: Notification[] = [];
  const provider: MailProvider = {
    name: "recorder",
    async send(notification) {
      if (fail) throw new Error("mail service unreachable");
      sent.push(notification);
      return { provider: "recorder", messageId: `m-${sent.length}` };
    },
  };
  return { provider, sent };
}

/** What one pass of the waitlist mail reports: every count zero but those given. */
const tally = (counts: { sent?: number; retry?: number } = {}) => ({
  sent: 0,
  retry: 0,
  failed: 0,
  stopped: 0,
  ...counts,
});

const linkIn = (mail: Notification | undefined) =>
  /https?:\/\/\S+\/waitlist\/leave\?token=([0-9a-f]+)/.exec(mail?.text ?? "");

beforeEach(async () => {
  quietLogs();
  await seedContent();
  await env.DB.prepare("DELETE FROM waitlist_entries").run();
  cookie = (await signedInAdmin()).cookie;
});

describe("POST /api/waitlist", () => {
  it("is refused with 409 while the books are open, and keeps nothing", async () => {
    const response = await signUp();
    expect(response.status).toBe(409);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("books_open");
    expect(body.error.message).toMatch(/books are open/i);
    expect(await entries()).toEqual([]);
  });

  it("keeps name, e-mail and styles while the books are closed, and answers alike for the same e-mail again", async () => {
    await publishBooking(false);
    const first = await signUp({ email: " Maya@Example.com " });
    expect(first.status).toBe(200);
    const again = await signUp({ name: "Maya L.", styles: [firstStyle, secondStyle] });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(await first.json());
    const [only, ...rest] = await entries();
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ name: "Maya L.", email: "maya@example.com", notified_at: null });
    expect(JSON.parse(only?.styles ?? "")).toEqual([firstStyle, secondStyle]);
  });

  it("names the field at fault and saves nothing", async () => {
    await publishBooking(false);
    const noName = await signUp({ name: "" });
    expect(noName.status).toBe(400);
    expect(((await noName.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      name: "Name is required",
    });
    const badEmail = await signUp({ email: "maya-at-example" });
    expect(((await badEmail.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      email: "Invalid email format",
    });
    const unknownStyle = await signUp({ styles: ["underwater-basket-weaving"] });
    expect(unknownStyle.status).toBe(400);
    expect(
      ((await unknownStyle.json()) as { error: { fields: Record<string, string> } }).error.fields.styles,
    ).toBe("Choose styles from the list");
    expect(await entries()).toEqual([]);
  });

  it("refuses a robot's fill (the honeypot, or sent at once) like the other forms", async () => {
    await publishBooking(false);
    expect((await signUp({ website: "https://spam.example" })).status).toBe(400);
    const quick = await signUp({ fillMs: 40 });
    expect(quick.status).toBe(400);
    expect(((await quick.json()) as { error: { code: string } }).error.code).toBe("too_fast");
    expect(await entries()).toEqual([]);
  });

  it("is rate-limited per visitor like the other public forms", async () => {
    await publishBooking(false);
    const ip = freshIp();
    for (let i = 0; i < Number(env.RATE_LIMIT_MAX); i++) {
      expect((await signUp({ email: `fan${i}@example.com` }, { ip })).status).toBe(200);
    }
    const over = await signUp({ email: "one-more@example.com" }, { ip });
    expect(over.status).toBe(429);
    expect(over.headers.get("Retry-After")).toBeTruthy();
    expect(await entry("one-more@example.com")).toBeNull();
  });
});

describe("GET /api/admin/waitlist", () => {
  it("needs the artist's session", async () => {
    const response = await adminCall("/api/admin/waitlist");
    expect(response.status).toBe(401);
  });

  it("counts and lists the people waiting, first come first", async () => {
    await publishBooking(false);
    await signUp({ name: "Ada Brook", email: "ada@example.com", styles: [] });
    await signUp({ name: "Bo Chen", email: "bo@example.com", styles: [secondStyle] });
    const response = await adminSend("GET", "/api/admin/waitlist", cookie);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { count: number; entries: { name: string; styles: string[] }[] };
    expect(body.count).toBe(2);
    expect(body.entries.map((e) => [e.name, e.styles])).toEqual([
      ["Ada Brook", []],
      ["Bo Chen", [secondStyle]],
    ]);
  });
});

describe("reopening the books", () => {
  it("e-mails each waiting person once, with a link to the form and one to leave", async () => {
    await publishBooking(false);
    await signUp({ name: "Ada Brook", email: "ada@example.com" });
    await signUp({ name: "Bo Chen", email: "bo@example.com" });
    await publishBooking(true, "Booking spring sessions now.");
    expect((await entries()).map((e) => [e.mail_status, Boolean(e.notified_at)])).toEqual([
      ["pending", true],
      ["pending", true],
    ]);
    // Told: they no longer count as waiting.
    const overview = (await (await adminSend("GET", "/api/admin/waitlist", cookie)).json()) as {
      count: number;
    };
    expect(overview.count).toBe(0);

    const mail = recorder();
    expect(await deliverWaitlistMail(env, { provider: mail.provider })).toEqual(tally({ sent: 2 }));
    expect(mail.sent.map((m) => m.to).sort()).toEqual(["ada@example.com", "bo@example.com"]);
    const ada = mail.sent.find((m) => m.to === "ada@example.com");
    expect(ada?.subject).toMatch(/books are open/i);
    expect(ada?.text).toContain("Hi Ada,");
    expect(ada?.text).toContain("Booking spring sessions now.");
    expect(ada?.text).toContain("/book-consultation");
    const token = linkIn(ada)?.[1] ?? "";
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    // Only the token's SHA-256 is kept.
    const stored = await entry("ada@example.com");
    expect(stored?.unsubscribe_hash).toBe(await sha256Hex(token));
    expect(JSON.stringify(await entries())).not.toContain(token);
    expect(stored?.mail_status).toBe("sent");

    // The next pass, and a second reopening after closing again, send them nothing more.
    expect(await deliverWaitlistMail(env, { provider: mail.provider })).toEqual(tally());
    await publishBooking(false);
    await signUp({ name: "Cai Duarte", email: "cai@example.com" });
    await publishBooking(true);
    await deliverWaitlistMail(env, { provider: mail.provider });
    expect(mail.sent.map((m) => m.to).sort()).toEqual([
      "ada@example.com",
      "bo@example.com",
      "cai@example.com",
    ]);
  });

  it("notifies through a restore of an open version too", async () => {
    const openVersion = (
      (await (await adminSend("GET", "/api/admin/content", cookie)).json()) as { version: number }
    ).version;
    const closed = await publishBooking(false);
    await signUp({ email: "dee@example.com" });
    const restored = await adminSend("POST", `/api/admin/content/versions/${openVersion}/restore`, cookie, {
      baseVersion: closed,
    });
    expect(restored.status).toBe(201);
    expect(await entry("dee@example.com")).toMatchObject({ mail_status: "pending" });
    const mail = recorder();
    await deliverWaitlistMail(env, { provider: mail.provider });
    expect(mail.sent.map((m) => m.to)).toEqual(["dee@example.com"]);
  });

  it("queues nothing for a publish that leaves the books as they were", async () => {
    await publishBooking(false);
    await signUp({ email: "eli@example.com" });
    await publishBooking(false, "Still closed until March.");
    expect(await entry("eli@example.com")).toMatchObject({ notified_at: null, mail_status: null });
  });

  it("retries a failed e-mail with backoff, and holds the queue while the books are closed again", async () => {
    await publishBooking(false);
    await signUp({ email: "fay@example.com" });
    await publishBooking(true);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await deliverWaitlistMail(env, { provider: recorder(true).provider })).toEqual(
      tally({ retry: 1 }),
    );
    expect(warn).toHaveBeenCalledOnce();
    expect(await entry("fay@example.com")).toMatchObject({ mail_status: "retry", mail_attempts: 1 });
    // Not due yet.
    const mail = recorder();
    expect(await deliverWaitlistMail(env, { provider: mail.provider })).toEqual(tally());
    // Due, but the books closed again: an e-mail saying "open" would be wrong.
    await publishBooking(false);
    const later = new Date(Date.now() + 3 * 3600_000);
    expect(await deliverWaitlistMail(env, { provider: mail.provider, now: later })).toEqual(tally());
    await publishBooking(true);
    expect(await deliverWaitlistMail(env, { provider: mail.provider, now: later })).toEqual(
      tally({ sent: 1 }),
    );
    expect(mail.sent.map((m) => m.to)).toEqual(["fay@example.com"]);
  });
});

describe("the unsubscribe link", () => {
  async function tokenFor(email: string) {
    await publishBooking(false);
    await signUp({ email });
    await publishBooking(true);
    const mail = recorder();
    await deliverWaitlistMail(env, { provider: mail.provider });
    return linkIn(mail.sent[0])?.[1] ?? "";
  }
  const page = (path: string, init: RequestInit = {}) =>
    send(path, init, { ASSETS: prerenderedAssets } as Partial<Env>);
  const leave = (token: string) =>
    page("/waitlist/leave", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://studio.test" },
      body: new URLSearchParams({ token }).toString(),
    });

  it("asks first (mail scanners open links), then removes the entry and says so", async () => {
    const token = await tokenFor("gus@example.com");
    const asked = await page(`/waitlist/leave?token=${token}`);
    expect(asked.status).toBe(200);
    expect(asked.headers.get("Cache-Control")).toBe("no-store");
    const askPage = await asked.text();
    expect(askPage).toContain("<h1>Leave the waitlist</h1>");
    expect(askPage).toContain(`name="token" value="${token}"`);
    expect(await entry("gus@example.com")).not.toBeNull();

    const left = await leave(token);
    expect(left.status).toBe(200);
    expect(await left.text()).toContain("<h1>You&#39;re off the waitlist</h1>");
    expect(await entry("gus@example.com")).toBeNull();
  });

  it("answers a wrong or broken token with the same calm page, and removes nobody", async () => {
    await tokenFor("hal@example.com");
    const wrong = await leave("0".repeat(32));
    const broken = await leave("not-a-token");
    for (const response of [wrong, broken]) {
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("<h1>You&#39;re off the waitlist</h1>");
    }
    expect(await entry("hal@example.com")).not.toBeNull();
  });
});

describe("the sign-up posted without JavaScript", () => {
  /** The form as a browser posts it: one `styles` field a ticked box, and the empty honeypot when given. */
  const form = (
    { styles = [], ...fields }: { name: string; email: string; styles?: string[]; website?: string },
    overrides: Partial<Env> = {},
  ) =>
    send(
      "/forms/waitlist",
      {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: "https://studio.test",
          "CF-Connecting-IP": freshIp(),
        },
        body: new URLSearchParams([
          ...Object.entries(fields),
          ...styles.map((style) => ["styles", style]),
        ]).toString(),
      },
      // No fill-time ticket in this test: the minimum is what the JSON tests cover.
      { ASSETS: prerenderedAssets, MIN_FILL_MS: "0", ...overrides } as Partial<Env>,
    );

  it("saves the sign-up, styles ticked and all, and lands on the confirmation", async () => {
    await publishBooking(false);
    const response = await form({
      name: "Ida Kaur",
      email: "ida@example.com",
      styles: [firstStyle, secondStyle],
      website: "",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/forms/waitlist/joined#waitlist-joined");
    expect(JSON.parse((await entry("ida@example.com"))?.styles ?? "")).toEqual([firstStyle, secondStyle]);
    const joined = await send("/forms/waitlist/joined", {}, { ASSETS: prerenderedAssets } as Partial<Env>);
    expect(joined.status).toBe(200);
    const html = await joined.text();
    expect(html).toContain("You're on the waitlist");
    expect(html).not.toContain('action="/forms/waitlist"');
  });

  it("gives the form back with what was typed and the error under the field", async () => {
    await publishBooking(false);
    const response = await form({ name: "Jo", email: "jo-at-example", styles: [secondStyle] });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('id="waitlist-email-error"');
    expect(html).toContain("Invalid email format");
    expect(html).toMatch(/name="email"[^>]*value="jo-at-example"/);
    expect(html).toMatch(new RegExp(`value="${secondStyle}"[^>]*checked`));
    expect(await entries()).toEqual([]);
  });

  it("sends the visitor to the request form once the books are open", async () => {
    const response = await form({ name: "Kit Lowe", email: "kit@example.com" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/book-consultation");
    expect(await entries()).toEqual([]);
  });
});

describe("retention", () => {
  it("deletes an entry 30 days after its e-mail, and keeps those still waiting", async () => {
    const now = new Date("2026-06-15T12:00:00.000Z");
    const at = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    const insert = (id: string, notifiedAt: string | null, updatedAt = at(5)) =>
      env.DB.prepare(
        "INSERT INTO waitlist_entries (id, name, email, styles, created_at, updated_at, notified_at) VALUES (?, 'Lee Park', ?, '[]', ?, ?, ?)",
      )
        .bind(id, `${id}@example.com`, updatedAt, updatedAt, notifiedAt)
        .run();
    await insert("told-long-ago", at(31));
    await insert("told-lately", at(29));
    await insert("waiting", null);
    await insert("waiting-for-ever", null, at(2 * 365 + 1));
    await enforceRetention(env.DB, now);
    expect((await entries()).map((e) => e.id).sort()).toEqual(["told-lately", "waiting"]);
  });
});
