import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { LOGIN_MAX_FAILURES } from "../../shared/admin";
import { deliverSecurityMail } from "../../worker/features/sign-in/security-mail";
import { securityEvents } from "../../worker/platform/db/schema";
import type { Notification } from "../../worker/platform/mail";
import { enforceRetention } from "../../worker/retention";
import { createAdmin, login, quietLogs } from "./admin-support";

/** The queued e-mail of a security event. */
function mailOfEvent(eventId: number | undefined) {
  return env.DB.prepare(
    "SELECT status, attempts, last_error, next_attempt_at FROM mail_queue WHERE kind = 'security' AND subject_id = ?",
  )
    .bind(String(eventId))
    .first<{ status: string; attempts: number; last_error: string | null; next_attempt_at: string }>();
}

beforeEach(() => {
  quietLogs();
});

const db = () => drizzle(env.DB);

/** The device cookie a successful sign-in leaves, as a Cookie header value. */
function deviceCookieFrom(response: Response): string {
  const header = response.headers.getSetCookie().find((c) => c.startsWith("__Host-gn_device="));
  if (!header) throw new Error("no device cookie");
  return header.split(";")[0] ?? "";
}

describe("sign-in attempts under attack", () => {
  it("checks exactly the allowed number of passwords when sixty guesses arrive at once", async () => {
    const account = await createAdmin();
    const ip = "198.18.7.7";
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(account.email, `guess-${i}`, { "CF-Connecting-IP": ip })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - LOGIN_MAX_FAILURES);
    const refused = answers.find((r) => r.status === 429);
    expect(Number(refused?.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused?.json()).toMatchObject({ error: { code: expect.any(String) } });
  });

  it("sets a long-lived HttpOnly Secure SameSite=Strict device cookie on a successful sign-in", async () => {
    const account = await createAdmin();
    const response = await login(account.email, account.password, { "CF-Connecting-IP": "198.18.8.1" });
    expect(response.status).toBe(200);
    const header = response.headers.getSetCookie().find((c) => c.startsWith("__Host-gn_device=")) ?? "";
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; Secure/);
    expect(header).toMatch(/; SameSite=Strict/);
    expect(Number(/Max-Age=(\d+)/.exec(header)?.[1])).toBeGreaterThan(300 * 24 * 3600);
  });

  it("lets a known device in with the right password while outsiders have locked the account", async () => {
    const account = await createAdmin();
    const first = await login(account.email, account.password, { "CF-Connecting-IP": "198.18.9.1" });
    const device = deviceCookieFrom(first);
    // Outsiders from many addresses use up the account's budget for unknown devices.
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect(
        (await login(account.email, `guess-${i}`, { "CF-Connecting-IP": `198.18.10.${i}` })).status,
      ).toBe(401);
    }
    expect((await login(account.email, account.password, { "CF-Connecting-IP": "198.18.11.1" })).status).toBe(
      429,
    );
    const known = await login(account.email, account.password, {
      "CF-Connecting-IP": "198.18.9.1",
      Cookie: device,
    });
    expect(known.status).toBe(200);
  });

  it("gives a known device its own small budget, and refuses a forged device cookie", async () => {
    const account = await createAdmin();
    const device = deviceCookieFrom(
      await login(account.email, account.password, { "CF-Connecting-IP": "198.18.12.1" }),
    );
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      const typo = await login(account.email, `typo-${i}`, {
        "CF-Connecting-IP": "198.18.12.1",
        Cookie: device,
      });
      expect(typo.status).toBe(401);
    }
    const spent = await login(account.email, account.password, {
      "CF-Connecting-IP": "198.18.12.1",
      Cookie: device,
    });
    expect(spent.status).toBe(429);
    // Her typos on her own device never lock out her other devices.
    expect((await login(account.email, account.password, { "CF-Connecting-IP": "198.18.12.2" })).status).toBe(
      200,
    );

    // A tampered cookie is just an unknown device: it counts against the unknown-device budget.
    const forged = `${device.slice(0, -4)}AAAA`;
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++)
      await login(account.email, `guess-${i}`, { "CF-Connecting-IP": `198.18.13.${i}` });
    expect(
      (await login(account.email, account.password, { "CF-Connecting-IP": "198.18.13.9", Cookie: forged }))
        .status,
    ).toBe(429);
  });

  it("does not count a known device of another account as known", async () => {
    const artist = await createAdmin();
    const other = await createAdmin();
    const otherDevice = deviceCookieFrom(
      await login(other.email, other.password, { "CF-Connecting-IP": "198.18.14.1" }),
    );
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++)
      await login(artist.email, `guess-${i}`, { "CF-Connecting-IP": `198.18.15.${i}` });
    const response = await login(artist.email, artist.password, {
      "CF-Connecting-IP": "198.18.14.1",
      Cookie: otherDevice,
    });
    expect(response.status).toBe(429);
  });
});

describe("lockouts reach the artist", () => {
  it("writes one lockout event per lockout, however many guesses arrive at once, and e-mails it", async () => {
    const account = await createAdmin();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login(account.email, `guess-${i}`, { "CF-Connecting-IP": `198.18.20.${i}` }),
      ),
    );
    const events = await db()
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.adminId, account.id))
      .all();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event: "lockout" });
    expect(await mailOfEvent(events[0]?.id)).toMatchObject({ status: "pending" });
    expect(events[0]?.detail).toMatch(/never signed in on/);

    const sent: Notification[] = [];
    const provider = {
      name: "test",
      send: async (note: Notification) => {
        sent.push(note);
        return { provider: "test", messageId: "m1" };
      },
    };
    // Earlier tests in this file locked other accounts too; their e-mails go out in the same pass.
    expect((await deliverSecurityMail(env, { provider })).sent).toBeGreaterThanOrEqual(1);
    expect(sent.every((note) => /locked/i.test(note.subject))).toBe(true);
    // Sent once: a second pass finds nothing due.
    expect(await deliverSecurityMail(env, { provider })).toMatchObject({ sent: 0 });
    const after = await db()
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.adminId, account.id))
      .get();
    expect((await mailOfEvent(after?.id))?.status).toBe("sent");
  });

  it("retries a failed e-mail later instead of losing it", async () => {
    const account = await createAdmin();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++)
      await login(account.email, `guess-${i}`, { "CF-Connecting-IP": `198.18.21.${i}` });
    const down = { name: "down", send: async () => Promise.reject(new Error("provider down")) };
    const now = new Date();
    expect(await deliverSecurityMail(env, { provider: down, now })).toMatchObject({ retry: 1, failed: 0 });
    const row = await db().select().from(securityEvents).where(eq(securityEvents.adminId, account.id)).get();
    const mail = await mailOfEvent(row?.id);
    expect(mail).toMatchObject({ status: "retry", attempts: 1, last_error: "provider down" });
    expect(Date.parse(mail?.next_attempt_at ?? "")).toBeGreaterThan(now.getTime());
  });

  it("gives a security e-mail up at the attempt limit, and tries it no more", async () => {
    const account = await createAdmin();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++)
      await login(account.email, `guess-${i}`, { "CF-Connecting-IP": `198.18.22.${i}` });
    const down = { name: "down", send: async () => Promise.reject(new Error("provider down")) };
    const once = { ...env, MAIL_MAX_ATTEMPTS: "1" } as Env;
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await deliverSecurityMail(once, { provider: down })).toMatchObject({ retry: 0 });
    expect(error).toHaveBeenCalled();
    const row = await db().select().from(securityEvents).where(eq(securityEvents.adminId, account.id)).get();
    expect(await mailOfEvent(row?.id)).toMatchObject({
      status: "failed",
      attempts: 1,
      last_error: "provider down",
    });
    // Given up: a later pass leaves it as it is.
    await deliverSecurityMail(once, { provider: down, now: new Date(Date.now() + 24 * 3_600_000) });
    expect(await mailOfEvent(row?.id)).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("writes no event while the budget is not spent", async () => {
    const account = await createAdmin();
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++)
      await login(account.email, `guess-${i}`, { "CF-Connecting-IP": `198.18.22.${i}` });
    const events = await db()
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.adminId, account.id))
      .all();
    expect(events).toEqual([]);
  });
});

describe("security events are kept a year", () => {
  it("removes events older than 365 days and keeps younger ones", async () => {
    const at = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await db()
      .insert(securityEvents)
      .values([
        {
          adminId: "kept-a-year",
          event: "lockout",
          detail: "old",
          dedupeKey: "retention-old",
          createdAt: at(366),
        },
        {
          adminId: "kept-a-year",
          event: "lockout",
          detail: "young",
          dedupeKey: "retention-young",
          createdAt: at(364),
        },
      ]);
    await enforceRetention(env.DB, new Date());
    const left = await db()
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.adminId, "kept-a-year"))
      .all();
    expect(left.map((e) => e.detail)).toEqual(["young"]);
  });
});
