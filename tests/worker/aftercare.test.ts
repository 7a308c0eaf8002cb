import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { aftercareDay } from "../../shared/content/aftercare-guide";
import { faq } from "../../shared/content/faq";
import { reviewLink } from "../../shared/review-link";
import { aftercareFacts, studio } from "../../shared/studio";
import { healingDay, runAftercareReminders } from "../../worker/features/aftercare/service";
import { newToken } from "../../worker/features/request-status/service";
import worker from "../../worker/index";
import { sha256Hex } from "../../worker/platform/crypto";
import { bookings, requestStatusLinks } from "../../worker/platform/db/schema";
import type { MailProvider } from "../../worker/platform/mail";
import { enforceRetention } from "../../worker/retention";
import { ORIGIN, quietLogs } from "./admin-support";
import { addConsultation, iso } from "./inbox-support";
import { recorder, sentRequest } from "./request-support";
import { prerenderedAssets } from "./site-pages-support";
import { freshIp, send, validConsultation } from "./submission-support";

const day = 86_400_000;

afterEach(() => {
  vi.restoreAllMocks();
});

beforeEach(() => {
  quietLogs();
});

/** A request written straight to the database, with a live link whose token is returned. */
async function requestWithLink() {
  const request = await addConsultation({ status: "scheduled" });
  const token = newToken();
  await drizzle(env.DB)
    .insert(requestStatusLinks)
    .values({
      id: crypto.randomUUID(),
      submissionId: request.id,
      tokenHash: await sha256Hex(token),
      createdAt: iso(0),
    });
  return { id: request.id, token };
}

async function addBooking(submissionId: string, status: "booked" | "completed", completedAt: string | null) {
  const id = crypto.randomUUID();
  await drizzle(env.DB)
    .insert(bookings)
    .values({
      id,
      submissionId,
      quoteId: crypto.randomUUID(),
      startsAt: new Date(Date.parse(completedAt ?? iso(0)) - 3 * 3_600_000).toISOString(),
      endsAt: completedAt ?? iso(-60),
      status,
      completedAt,
    });
  return id;
}

const open = (token: string) =>
  send(`/requests/${token}`, { headers: { "CF-Connecting-IP": freshIp() } }, { ASSETS: prerenderedAssets });

/** A choice as the page's form posts it. */
function choose(token: string, what: string, body: Record<string, string>, origin = ORIGIN) {
  return send(
    `/requests/${token}/aftercare/${what}`,
    {
      method: "POST",
      headers: {
        Origin: origin,
        "CF-Connecting-IP": freshIp(),
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(body).toString(),
      redirect: "manual",
    },
    { ASSETS: prerenderedAssets },
  );
}

const choicesOf = (submissionId: string) =>
  env.DB.prepare("SELECT * FROM aftercare_choices WHERE submission_id = ?").bind(submissionId).first<{
    reminders_since: string | null;
    reminders_stopped_at: string | null;
    portfolio_allowed_at: string | null;
    portfolio_withdrawn_at: string | null;
  }>();

/** The text of a page, tags dropped and entities of apostrophes read, for reading assertions. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ");

describe("day N of healing", () => {
  it("counts the studio's calendar days, so neither daylight-saving change moves it", () => {
    // 00:30 EST on Saturday 7 March; 00:15 EDT on Monday 9 March: two studio days later, though
    // only 46 hours and 45 minutes passed (the clocks went forward on the 8th).
    expect(healingDay("2026-03-07T05:30:00.000Z", new Date("2026-03-09T04:15:00.000Z"))).toBe(2);
    // 00:30 EDT on Saturday 31 October; 23:45 EST on Sunday 1 November: one studio day later,
    // though 48 hours and 15 minutes passed (the clocks went back on the 1st).
    expect(healingDay("2026-10-31T04:30:00.000Z", new Date("2026-11-02T04:45:00.000Z"))).toBe(1);
    // The session's own evening is still day 0, though it is past midnight in UTC.
    expect(healingDay("2026-06-10T20:00:00.000Z", new Date("2026-06-11T03:00:00.000Z"))).toBe(0);
  });

  it("gives each day the guide's stage and that day's checklist", () => {
    const on = (n: number) => aftercareDay(n, aftercareFacts);
    expect(on(0).stage.name).toBe("Fresh");
    expect(on(0).checklist.join(" ")).toContain("Leave the Derm Shield on (3-5 days in all)");
    expect(on(0).checklist.join(" ")).not.toContain("Morning and evening");
    expect(on(3).checklist[0]).toContain("Time to take the Derm Shield off");
    expect(on(4).stage.name).toBe("Active healing");
    expect(on(10).checklist).toEqual([
      "Morning and evening: cleaned gently with fragrance-free soap.",
      "Morning and evening: moisturized with a thin layer.",
      "Morning and evening: inspected for redness, heat or swelling.",
      "No swimming, baths or hot tubs: 2 weeks.",
      "Flaking and itching are normal: don't pick.",
    ]);
    expect(on(20).stage.name).toBe("Settling");
    expect(on(20).checklist.join(" ")).not.toContain("No swimming");
    expect(on(20).checklist.join(" ")).toContain("SPF 30+");
    expect(on(30).stage.name).toBe("Maturation");
  });
});

describe("the status page after a completed session", () => {
  it("shows no aftercare before the session is done", async () => {
    const { id, token } = await requestWithLink();
    await addBooking(id, "booked", null);
    const html = await (await open(token)).text();
    expect(html).not.toContain('id="aftercare"');
  });

  it("becomes the aftercare companion: the stage, day N, the checklist, what is normal, when to call", async () => {
    const { id, token } = await requestWithLink();
    await addBooking(id, "completed", new Date(Date.now() - 10 * day).toISOString());
    const response = await open(token);
    expect(response.status).toBe(200);
    const text = textOf(await response.text());
    expect(text).toContain("Where it stands: Completed");
    expect(text).toMatch(/Day 1[01] of healing/);
    expect(text).toContain("Active healing Days 4-14");
    expect(text).toContain("What is normal now: Film off, gentle washing");
    expect(text).toContain("Morning and evening: moisturized with a thin layer.");
    expect(text).toContain(faq.find((entry) => entry.id === "infection")?.answer);
    expect(text).toContain("E-mail me aftercare reminders");
    expect(text).toContain("You may show my healed tattoo in the portfolio");
    // The review ask waits for the healed tattoo.
    expect(text).not.toContain("Write a review");
  });

  it("from day 30 invites a healed photo and asks every client for a review, the same neutral ask", async () => {
    const pages: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { id, token } = await requestWithLink();
      await addBooking(id, "completed", new Date(Date.now() - 31 * day).toISOString());
      pages.push(await (await open(token)).text());
    }
    for (const html of pages) {
      expect(textOf(html)).toContain("Show us how it healed");
      expect(textOf(html)).toContain("Whatever your experience, a few honest words help");
      expect(html).toContain('href="https://www.google.com/search?q=');
    }
  });
});

describe("the aftercare choices on the status page", () => {
  it("opts in and out of the reminders, each recorded with its time, back to the page with a confirmation", async () => {
    const { id, token } = await requestWithLink();
    await addBooking(id, "completed", new Date(Date.now() - 2 * day).toISOString());
    const on = await choose(token, "reminders", { choice: "on" });
    expect(on.status).toBe(303);
    expect(on.headers.get("Location")).toBe(`/requests/${token}?aftercare=reminders-on#aftercare`);
    expect((await choicesOf(id))?.reminders_since).toMatch(/^\d{4}-\d\d-\d\dT/);
    const page = textOf(
      await (
        await send(
          `/requests/${token}?aftercare=reminders-on`,
          { headers: { "CF-Connecting-IP": freshIp() } },
          { ASSETS: prerenderedAssets },
        )
      ).text(),
    );
    expect(page).toContain("Done: we will e-mail you on days 1, 3, 14 and 30 of healing.");
    expect(page).toContain("Stop the reminders");

    const off = await choose(token, "reminders", { choice: "off" });
    expect(off.status).toBe(303);
    const row = await choicesOf(id);
    expect(row?.reminders_since).toBeNull();
    expect(row?.reminders_stopped_at).toMatch(/^\d{4}-/);
    expect(textOf(await (await open(token)).text())).toContain("E-mail me aftercare reminders");
  });

  it("gives and withdraws the portfolio permission, each with its time", async () => {
    const { id, token } = await requestWithLink();
    await addBooking(id, "completed", new Date(Date.now() - 40 * day).toISOString());
    expect((await choose(token, "portfolio", { choice: "on" })).status).toBe(303);
    expect((await choicesOf(id))?.portfolio_allowed_at).toMatch(/^\d{4}-/);
    expect(textOf(await (await open(token)).text())).toContain("Withdraw my permission");
    expect((await choose(token, "portfolio", { choice: "off" })).status).toBe(303);
    const row = await choicesOf(id);
    expect(row?.portfolio_allowed_at).toBeNull();
    expect(row?.portfolio_withdrawn_at).toMatch(/^\d{4}-/);
  });

  it("refuses a choice that is neither on nor off with a 400 page saying so, saving nothing", async () => {
    const { id, token } = await requestWithLink();
    await addBooking(id, "completed", iso(60));
    for (const body of [{ choice: "maybe" }, {}] as Record<string, string>[]) {
      const response = await choose(token, "reminders", body);
      expect(response.status).toBe(400);
      expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      const html = await response.text();
      expect(html).toContain("Choose on or off");
      expect(html).toContain(`href="/requests/${token}"`);
    }
    expect(await choicesOf(id)).toBeNull();
  });

  it("answers a wrong token with the page's 404, and another site's post with 403", async () => {
    const { id, token } = await requestWithLink();
    await addBooking(id, "completed", iso(60));
    const wrong = await choose(newToken(), "reminders", { choice: "on" });
    expect(wrong.status).toBe(404);
    const elsewhere = await choose(token, "portfolio", { choice: "on" }, "https://evil.test");
    expect(elsewhere.status).toBe(403);
    expect(await choicesOf(id)).toBeNull();
  });

  it("refuses a choice before the session is done (409)", async () => {
    const { id, token } = await requestWithLink();
    await addBooking(id, "booked", null);
    const response = await choose(token, "reminders", { choice: "on" });
    expect(response.status).toBe(409);
    expect(await choicesOf(id)).toBeNull();
  });
});

describe("the aftercare reminder e-mails", () => {
  /** 10 AM in the studio (EST, UTC-5 in January) on a given day of healing. */
  const studioMorning = (completed: Date, dayN: number) => new Date(completed.getTime() + dayN * day);

  it("go on days 1, 3, 14 and 30, each once however many cron runs see the day, with the link", async () => {
    const { id, token, statusUrl } = await sentRequest();
    // The session ended at 3 PM EST on 5 January; each run below is at 3 PM, then 3:05 PM.
    const completed = new Date("2027-01-05T20:00:00.000Z");
    await addBooking(id, "completed", completed.toISOString());
    expect((await choose(token, "reminders", { choice: "on" })).status).toBe(303);
    const mail = recorder();
    for (let n = 0; n <= 31; n++) {
      const at = studioMorning(completed, n);
      await runAftercareReminders(env, at, { provider: mail });
      await runAftercareReminders(env, new Date(at.getTime() + 5 * 60_000), { provider: mail });
    }
    expect(mail.sent.map((m) => m.subject)).toEqual([
      "Day 1 of healing: today's aftercare",
      "Day 3 of healing: today's aftercare",
      "Day 14 of healing: today's aftercare",
      "Day 30: how did your tattoo heal?",
    ]);
    for (const m of mail.sent) {
      expect(m.to).toBe(validConsultation().email);
      expect(m.text).toContain(statusUrl);
      expect(m.text).toContain("Today's checklist:");
    }
    expect(mail.sent[0]?.text).toContain("Leave the Derm Shield on");
    const last = mail.sent[3]?.text ?? "";
    expect(last).toContain("send a photo of your healed tattoo");
    expect(last).toContain("whatever it was? A few honest words help");
    expect(last).toContain("https://www.google.com/search?q=");
    const rows = await env.DB.prepare(
      "SELECT CAST(topic AS INTEGER) AS day, status AS mail_status FROM mail_queue WHERE kind = 'aftercare' AND request_id = ? ORDER BY day",
    )
      .bind(id)
      .all<{ day: number; mail_status: string }>();
    expect(rows.results).toEqual([1, 3, 14, 30].map((n) => ({ day: n, mail_status: "sent" })));
  });

  it("link the listing's own review form when the place id is configured, else a search for the reviews", () => {
    expect(reviewLink("ChIJ-place", studio)).toBe(
      "https://search.google.com/local/writereview?placeid=ChIJ-place",
    );
    expect(reviewLink(undefined, studio)).toMatch(/^https:\/\/www\.google\.com\/search\?q=Gilded/);
  });

  it("ask every client for a review on day 30, the same words for each", async () => {
    const mail = recorder();
    const completed = new Date("2027-02-01T17:00:00.000Z");
    for (let i = 0; i < 3; i++) {
      const { id, token } = await requestWithLink();
      await addBooking(id, "completed", completed.toISOString());
      await choose(token, "reminders", { choice: "on" });
    }
    await runAftercareReminders(env, new Date(completed.getTime() + 30 * day), { provider: mail });
    const asks = mail.sent.filter((m) => m.subject === "Day 30: how did your tattoo heal?");
    expect(asks).toHaveLength(3);
    const ask = (text: string) => text.slice(text.indexOf("Would you also tell others"));
    expect(new Set(asks.map((m) => ask(m.text).split("\n")[0])).size).toBe(1);
  });

  it("wait for 9 AM studio time, and stop once the client opts out, even one already queued", async () => {
    const { id, token } = await requestWithLink();
    const completed = new Date("2027-03-02T18:00:00.000Z");
    const bookingId = await addBooking(id, "completed", completed.toISOString());
    await choose(token, "reminders", { choice: "on" });
    const mail = recorder();
    // 7 AM EST on day 1: too early.
    await runAftercareReminders(env, new Date("2027-03-03T12:00:00.000Z"), { provider: mail });
    expect(mail.sent).toHaveLength(0);
    await runAftercareReminders(env, new Date("2027-03-03T15:00:00.000Z"), { provider: mail });
    expect(mail.sent).toHaveLength(1);
    // Day 3's reminder is queued while the provider is down, then the client opts out.
    const down: MailProvider = {
      name: "down",
      send: () => Promise.reject(new Error("provider down")),
    };
    await runAftercareReminders(env, new Date("2027-03-05T15:00:00.000Z"), { provider: down });
    await choose(token, "reminders", { choice: "off" });
    for (const n of [3, 4, 14, 30])
      await runAftercareReminders(env, new Date(completed.getTime() + n * day + 3 * 3_600_000), {
        provider: mail,
      });
    expect(mail.sent).toHaveLength(1);
    const rows = await env.DB.prepare(
      "SELECT CAST(topic AS INTEGER) AS day, status AS mail_status FROM mail_queue WHERE kind = 'aftercare' AND subject_id = ? ORDER BY day",
    )
      .bind(bookingId)
      .all<{ day: number; mail_status: string }>();
    expect(rows.results).toEqual([
      { day: 1, mail_status: "sent" },
      { day: 3, mail_status: "stopped" },
    ]);
  });

  it("run from the cron handler, through the client mail provider, once for two runs", async () => {
    const { id, token } = await requestWithLink();
    const completed = new Date("2027-06-07T19:00:00.000Z");
    await addBooking(id, "completed", completed.toISOString());
    await choose(token, "reminders", { choice: "on" });
    const calls: { to: string[]; subject: string }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      calls.push(JSON.parse(String(init?.body)));
      return Response.json({ id: "ok" });
    });
    // 3 PM EDT the next day, then five minutes later.
    for (const offset of [0, 5]) {
      const ctx = createExecutionContext();
      await worker.scheduled(
        createScheduledController({
          scheduledTime: new Date(completed.getTime() + day + offset * 60_000),
          cron: "*/5 * * * *",
        }),
        { ...env, MAIL_PROVIDER: "http", MAIL_API_KEY: "k" } as Env,
        ctx,
      );
      await waitOnExecutionContext(ctx);
    }
    const reminders = calls.filter((call) => call.to[0] === "dana@example.test");
    expect(reminders.map((call) => call.subject)).toEqual(["Day 1 of healing: today's aftercare"]);
  });

  it("are never sent to a client who did not opt in", async () => {
    const { id } = await requestWithLink();
    const completed = new Date("2027-04-01T16:00:00.000Z");
    await addBooking(id, "completed", completed.toISOString());
    const mail = recorder();
    for (const n of [1, 3, 14, 30])
      await runAftercareReminders(env, new Date(completed.getTime() + n * day), { provider: mail });
    expect(mail.sent).toHaveLength(0);
    const queued = await env.DB.prepare(
      "SELECT count(*) AS n FROM mail_queue WHERE kind = 'aftercare' AND request_id = ?",
    )
      .bind(id)
      .first<{ n: number }>();
    expect(queued?.n).toBe(0);
  });

  it("go with their request, with the client's choices", async () => {
    const { id, token } = await requestWithLink();
    const completed = new Date("2027-05-03T16:00:00.000Z");
    await addBooking(id, "completed", completed.toISOString());
    await choose(token, "reminders", { choice: "on" });
    await runAftercareReminders(env, new Date(completed.getTime() + day), { provider: recorder() });
    await env.DB.prepare("DELETE FROM consultation_requests WHERE id = ?").bind(id).run();
    await enforceRetention(env.DB, new Date());
    expect(await choicesOf(id)).toBeNull();
    const left = await env.DB.prepare(
      "SELECT count(*) AS n FROM mail_queue WHERE kind = 'aftercare' AND request_id = ?",
    )
      .bind(id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});
