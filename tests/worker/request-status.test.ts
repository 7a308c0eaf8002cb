import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { replyDue } from "../../shared/request-stages";
import { sendReplyDigest } from "../../worker/features/conversation/reply-digest";
import { deliverLinkMail, newToken, wrongLinksPerWindow } from "../../worker/features/request-status/service";
import worker from "../../worker/index";
import { sha256Hex } from "../../worker/platform/crypto";
import { requestStatusLinks } from "../../worker/platform/db/schema";
import { studioTime } from "../../worker/platform/studio-clock";
import { enforceRetention } from "../../worker/retention";
import { send as adminSend, quietLogs, secrets, signedInEachTest } from "./admin-support";
import { addConsultation, iso } from "./inbox-support";
import { propertyRuns } from "./property-runs";
import { recorder, sentRequest, tokenPattern } from "./request-support";
import { prerenderedAssets } from "./site-pages-support";
import { freshIp, post, send, validConsultation, validContact } from "./submission-support";
import { emptyTables, expectToContainAll } from "./support";

afterEach(() => {
  vi.restoreAllMocks();
});

/** Opens a status page from an address of its own (or the one given). */
const open = (pathOrToken: string, ip = freshIp()) =>
  send(
    pathOrToken.startsWith("/") ? pathOrToken : `/requests/${pathOrToken}`,
    { headers: { "CF-Connecting-IP": ip } },
    { ASSETS: prerenderedAssets },
  );

/** A link for a request written straight to the database (a request of a chosen age or status). */
async function linkFor(submissionId: string, values: Partial<typeof requestStatusLinks.$inferInsert> = {}) {
  const token = newToken();
  await drizzle(env.DB)
    .insert(requestStatusLinks)
    .values({
      id: crypto.randomUUID(),
      submissionId,
      tokenHash: await sha256Hex(token),
      createdAt: iso(0),
      ...values,
    });
  return token;
}

/** Where a request's link e-mail stands in the mail queue (queued under the link's id). */
const linkMailState = `SELECT q.status AS mail_status, q.attempts FROM request_status_links l
  JOIN mail_queue q ON q.id = l.id AND q.kind = 'status-link' WHERE l.submission_id = ?`;

describe("a consultation request's private status link", () => {
  beforeEach(() => {
    quietLogs();
  });

  it("comes with the 201 answer, is 256 random bits, and is stored only as its SHA-256", async () => {
    const { id, token, statusUrl } = await sentRequest();
    expect(statusUrl.startsWith(`${env.SITE_URL.replace(/\/$/, "")}/requests/`)).toBe(true);
    const rows = await env.DB.prepare("SELECT * FROM request_status_links WHERE submission_id = ?")
      .bind(id)
      .all();
    expect(rows.results).toHaveLength(1);
    const row = rows.results[0] as Record<string, unknown>;
    expect(row.token_hash).toBe(await sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);
    // 43 base64url characters: 32 bytes.
    expect(atob(`${token.replace(/-/g, "+").replace(/_/g, "/")}=`).length).toBe(32);
  });

  it("is not given for a contact message, nor kept in a repeated Idempotency-Key's answer", async () => {
    const contact = await post("/api/contact", validContact());
    expect(((await contact.json()) as { statusUrl?: string }).statusUrl).toBeUndefined();
    const key = crypto.randomUUID();
    const first = await post("/api/consultations", validConsultation(), { idempotencyKey: key });
    const again = await post("/api/consultations", validConsultation(), { idempotencyKey: key });
    const firstBody = (await first.json()) as { id: string; statusUrl?: string };
    const againBody = (await again.json()) as { id: string; statusUrl?: string };
    expect(firstBody.statusUrl).toMatch(tokenPattern);
    expect(againBody.id).toBe(firstBody.id);
    expect(againBody.statusUrl).toBeUndefined();
    const stored = await env.DB.prepare("SELECT response_body FROM idempotency_keys WHERE key = ?")
      .bind(key)
      .first<{ response_body: string }>();
    expect(stored?.response_body).not.toContain("/requests/");
  });

  it("opens a private page: what was sent, the stage, when the reply is due, what happens next", async () => {
    const { token } = await sentRequest();
    const response = await open(token);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    const html = await response.text();
    expect(html).toContain("<title>Your consultation request | Gilded Needle Tattoo</title>");
    expect(html).not.toContain('rel="canonical"');
    expect(html).toContain("Where it stands: Received");
    expect(html).toMatch(
      /<li class="request-steps__step request-steps__step--current" aria-current="step">.*Received/,
    );
    expectToContainAll(html, [
      "Reply due by",
      "What happens next",
      // What the client typed, as text: quotes and ampersands escaped, never markup.
      "Devon O&#39;Carter-Smith",
      "Black &amp; grey realism of my dog &quot;Juno&quot;",
      "Right upper arm",
      // The site's own layout around it.
      '<main id="main"',
      'href="/request-status.css"',
    ]);
  });

  it("runs none of the site's scripts, so nothing records its address (the secret)", async () => {
    const { token } = await sentRequest();
    // The built shell carries the site's scripts; the test's prerendered one is given them here.
    const withScripts = {
      fetch: async (request: Request) => {
        const page = await (await prerenderedAssets.fetch(request)).text();
        const scripts =
          '<link rel="modulepreload" href="/assets/island.js" /><script type="module" src="/assets/entry.js"></script>';
        return new Response(page.replace("</head>", `${scripts}</head>`), {
          headers: { "Content-Type": "text/html; charset=utf-8" },
        });
      },
    } as unknown as Fetcher;
    const response = await send(
      `/requests/${token}`,
      { headers: { "CF-Connecting-IP": freshIp() } },
      { ASSETS: withScripts },
    );
    const html = await response.text();
    expect(html).toContain("Where it stands");
    expect(html).not.toMatch(/<script\b/);
    expect(html).not.toContain("modulepreload");
    expect(html).toContain('<link rel="stylesheet" href="/noscript.css" />');
  });

  it("says honestly when the promised reply is late, and follows the inbox status", async () => {
    const late = await addConsultation({ createdAt: iso(30 * 60) });
    const lateHtml = await (await open(await linkFor(late.id))).text();
    expect(lateHtml).toContain("Our reply is late.");
    expect(lateHtml).toContain(
      studioTime(new Date(Date.parse(late.createdAt) + 24 * 3_600_000).toISOString()),
    );

    const booked = await addConsultation({ status: "scheduled" });
    const bookedHtml = await (await open(await linkFor(booked.id))).text();
    expect(bookedHtml).toContain("Where it stands: Booked");
    expect(bookedHtml).not.toContain("Reply due by");
    expect(bookedHtml).not.toContain("late");

    const declined = await addConsultation({ status: "cancelled" });
    const declinedHtml = await (await open(await linkFor(declined.id))).text();
    expect(declinedHtml).toContain("Where it stands: Declined");
    expect(declinedHtml).not.toContain(">Booked<");
  });

  const guesses = propertyRuns({ ci: 200, deep: 1000 });
  it(`answers ${guesses} guessed links with the site's not-found page, 404, each the same`, async () => {
    const pages = new Set<string>();
    for (let batch = 0; batch < guesses / 50; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, async () => {
          const response = await open(newToken());
          return {
            status: response.status,
            cache: response.headers.get("Cache-Control"),
            html: await response.text(),
          };
        }),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(404);
        expect(answer.cache).toBe("no-store");
        pages.add(answer.html);
      }
    }
    // One page for every guess, and it is the page of any unknown address.
    expect(pages.size).toBe(1);
    const unknown = await send("/no-such-page", {}, { ASSETS: prerenderedAssets });
    expect([...pages][0]).toBe(await unknown.text());
  }, 180_000);

  it("answers a malformed link like any wrong one", async () => {
    for (const path of ["/requests/x", `/requests/${"a".repeat(300)}`, "/requests/%3Cscript%3E"]) {
      expect((await open(path)).status).toBe(404);
    }
  });

  it("limits guesses per address: past the limit every link answers 429, the right one too", async () => {
    const { token } = await sentRequest();
    const ip = freshIp();
    for (let i = 0; i < wrongLinksPerWindow; i++) expect((await open(newToken(), ip)).status).toBe(404);
    const wrong = await open(newToken(), ip);
    const right = await open(token, ip);
    expect(wrong.status).toBe(429);
    expect(right.status).toBe(429);
    expect(right.headers.get("Retry-After")).toMatch(/^\d+$/);
    // The two refusals are the same page: nothing about either token.
    expect(await right.text()).toBe(await wrong.text());
    // Another address is not affected, and a right link never counts as a guess.
    const other = freshIp();
    for (let i = 0; i < wrongLinksPerWindow + 5; i++) expect((await open(token, other)).status).toBe(200);
  });
});

describe("revoking a status link (admin)", () => {
  const admin = signedInEachTest();

  it("makes the link answer 404, shows it revoked on the card, and is audited", async () => {
    const { id, token } = await sentRequest();
    const list = async () =>
      (
        (await (await adminSend("GET", "/api/admin/consultations?limit=100", admin.cookie)).json()) as {
          items: { id: string; statusLink: string | null }[];
        }
      ).items.find((item) => item.id === id);
    expect((await list())?.statusLink).toBe("active");

    const response = await adminSend(
      "POST",
      `/api/admin/consultations/${id}/status-link/revoke`,
      admin.cookie,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ statusLink: "revoked", revoked: 1 });
    expect((await open(token)).status).toBe(404);
    expect((await list())?.statusLink).toBe("revoked");
    const audit = await env.DB.prepare(
      "SELECT action, from_value, to_value FROM audit_log WHERE entity_id = ?",
    )
      .bind(id)
      .all();
    expect(audit.results).toEqual([{ action: "status_link", from_value: "active", to_value: "revoked" }]);

    // Again: nothing left to revoke, nothing more recorded.
    const again = await adminSend("POST", `/api/admin/consultations/${id}/status-link/revoke`, admin.cookie);
    expect(await again.json()).toEqual({ statusLink: "revoked", revoked: 0 });
  });

  it("refuses without a session (401) and answers 404 for a request that does not exist", async () => {
    const { id, token } = await sentRequest();
    const anonymous = await adminSend("POST", `/api/admin/consultations/${id}/status-link/revoke`, "");
    expect(anonymous.status).toBe(401);
    expect((await open(token)).status).toBe(200);
    const missing = await adminSend(
      "POST",
      `/api/admin/consultations/${crypto.randomUUID()}/status-link/revoke`,
      admin.cookie,
    );
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("not_found");
  });
});

/** The ids of a request's status links that have not been revoked. */
async function liveLinkIds(submissionId: string) {
  const { results } = await env.DB.prepare(
    "SELECT id FROM request_status_links WHERE submission_id = ? AND revoked_at IS NULL",
  )
    .bind(submissionId)
    .all<{ id: string }>();
  return results.map((link) => link.id);
}

describe("sending the client a new link (admin)", () => {
  const admin = signedInEachTest();

  it("ends the old link, e-mails a new one that opens the page, and is audited", async () => {
    const { id, token } = await sentRequest();

    const response = await adminSend("POST", `/api/admin/consultations/${id}/status-link`, admin.cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ statusLink: "active" });
    expect((await open(token)).status).toBe(404);

    const live = await liveLinkIds(id);
    expect(live).toHaveLength(1);
    const mailer = recorder();
    // The admin routes run under the test secrets, and the link was sealed under them.
    await deliverLinkMail({ ...env, ...secrets } as Env, { provider: mailer, only: live[0] });
    const mine = mailer.sent.filter((mail) => mail.to === "devon.carter+ink@example.com");
    expect(mine).toHaveLength(1);
    expect(mine[0]?.subject).toBe("A new link to your consultation request");
    expect(mine[0]?.text).toContain("Any link we sent you before no longer works.");
    // Only the link: the request itself is not repeated in a second e-mail.
    expect(mine[0]?.text).not.toContain("Tattoo idea:");
    const fresh = /\/requests\/([A-Za-z0-9_-]{43})\n/.exec(mine[0]?.text ?? "")?.[1];
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(token);
    expect((await open(fresh ?? "")).status).toBe(200);

    const audit = await env.DB.prepare("SELECT action, to_value FROM audit_log WHERE entity_id = ?")
      .bind(id)
      .all();
    expect(audit.results).toEqual([{ action: "status_link", to_value: "new link sent" }]);
  });

  it("opens the page again after the link was revoked", async () => {
    const { id, token } = await sentRequest();
    await adminSend("POST", `/api/admin/consultations/${id}/status-link/revoke`, admin.cookie);
    const response = await adminSend("POST", `/api/admin/consultations/${id}/status-link`, admin.cookie);
    expect(await response.json()).toEqual({ statusLink: "active" });
    expect((await open(token)).status).toBe(404);
    expect(await liveLinkIds(id)).toHaveLength(1);
  });

  it("refuses without a session (401), changing nothing, and answers 404 for a request that does not exist", async () => {
    const { id, token } = await sentRequest();
    const anonymous = await adminSend("POST", `/api/admin/consultations/${id}/status-link`, "");
    expect(anonymous.status).toBe(401);
    expect((await open(token)).status).toBe(200);
    const missing = await adminSend(
      "POST",
      `/api/admin/consultations/${crypto.randomUUID()}/status-link`,
      admin.cookie,
    );
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("not_found");
  });
});

describe("the client's confirmation e-mail", () => {
  beforeEach(() => {
    quietLogs();
  });

  it("goes to the client through the outbox's retries, with what was received, the reply time and the link", async () => {
    const calls: { to: string[]; subject: string; text: string; reply_to: string }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      calls.push(JSON.parse(String(init?.body)));
      return Response.json({ id: `msg-${calls.length}` });
    });
    const http = { MAIL_PROVIDER: "http", MAIL_API_KEY: "test-key" } as Partial<Env>;
    const response = await post("/api/consultations", validConsultation(), { env: http });
    const { id, statusUrl } = (await response.json()) as { id: string; statusUrl: string };
    const mail = calls.find((call) => call.to[0] === "devon.carter+ink@example.com");
    expect(mail?.subject).toBe("We received your consultation request");
    expect(mail?.reply_to).toBe(env.MAIL_TO);
    expect(mail?.text).toContain(statusUrl);
    expect(mail?.text).toContain('Tattoo idea: Black & grey realism of my dog "Juno"');
    expect(mail?.text).toMatch(/by \w+day, \w+ \d+( at)? \d+:\d\d [AP]M E[SD]T/);
    const row = await env.DB.prepare(linkMailState).bind(id).first();
    expect(row).toEqual({ mail_status: "sent", attempts: 1 });
  });

  it("waits for the cron when the mail service is down, then sends the same link", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("down", { status: 503 }));
    const http = { MAIL_PROVIDER: "http", MAIL_API_KEY: "test-key" } as Partial<Env>;
    const response = await post("/api/consultations", validConsultation(), { env: http });
    const { id, statusUrl } = (await response.json()) as { id: string; statusUrl: string };
    expect(await env.DB.prepare(linkMailState).bind(id).first()).toEqual({
      mail_status: "retry",
      attempts: 1,
    });
    // The token waits for the retry sealed on the link, never in the clear.
    const link = await env.DB.prepare("SELECT thread_token FROM request_status_links WHERE submission_id = ?")
      .bind(id)
      .first<{ thread_token: string | null }>();
    expect(link?.thread_token).toBeTruthy();
    expect(link?.thread_token).not.toContain(tokenPattern.exec(statusUrl)?.[1] ?? "?");

    const mailer = recorder();
    const later = new Date(Date.now() + 60 * 60_000);
    await deliverLinkMail({ ...env, ...http } as Env, { now: later, provider: mailer });
    const mine = mailer.sent.filter((mail) => mail.text.includes(statusUrl));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.to).toBe("devon.carter+ink@example.com");
  });

  it("goes out through Cloudflare's binding for visitors when that is the provider", async () => {
    const { id } = await sentRequest();
    await deliverLinkMail(env, { now: new Date(Date.now() + 60 * 60_000) });
    const row = await env.DB.prepare(linkMailState).bind(id).first<{ mail_status: string }>();
    expect(row?.mail_status).toBe("sent");
  });
});

describe("the reply promise", () => {
  const now = new Date("2026-03-10T15:00:00.000Z");
  const hoursBefore = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

  it("marks a pending request due soon under 4 hours left, overdue past 24, and nothing once answered", () => {
    expect(replyDue({ status: "pending", createdAt: hoursBefore(1) }, now)).toBeNull();
    expect(replyDue({ status: "pending", createdAt: hoursBefore(21) }, now)).toBe("due-soon");
    expect(replyDue({ status: "pending", createdAt: hoursBefore(25) }, now)).toBe("overdue");
    expect(replyDue({ status: "contacted", createdAt: hoursBefore(25) }, now)).toBeNull();
    // The lifecycle decides: a quote sent (the request never marked contacted) is an answer.
    const quoted = { quote: "sent", deposit: null, booking: null } as const;
    expect(replyDue({ status: "pending", createdAt: hoursBefore(25), journey: quoted }, now)).toBeNull();
    expect(
      replyDue(
        { status: "pending", createdAt: hoursBefore(25), journey: { ...quoted, quote: "withdrawn" } },
        now,
      ),
    ).toBe("overdue");
  });
});

describe("the artist's daily digest of overdue replies", () => {
  beforeEach(async () => {
    quietLogs();
    await emptyTables("consultation_requests", "reply_digests");
  });

  // 9:00 in Laurel (EDT in June) on two days, and 6:00 the first morning.
  const morning = new Date("2026-06-02T13:00:00.000Z");
  const early = new Date("2026-06-02T10:00:00.000Z");
  const nextMorning = new Date("2026-06-03T13:00:00.000Z");
  const before = (date: Date, hours: number) => new Date(date.getTime() - hours * 3_600_000).toISOString();

  it("sends one e-mail a day listing what is overdue, whatever the number of cron runs", async () => {
    await addConsultation({ name: "Riley Overdue", createdAt: before(morning, 30) });
    await addConsultation({ name: "Quinn Recent", createdAt: before(morning, 2) });
    await addConsultation({ name: "Avery Answered", createdAt: before(morning, 40), status: "contacted" });
    // Quoted straight away, never marked contacted: answered all the same.
    const quoted = await addConsultation({ name: "Jules Quoted", createdAt: before(morning, 50) });
    await env.DB.prepare(
      `INSERT INTO quotes (id, submission_id, price_min_cents, price_max_cents, sessions, session_minutes, deposit_cents, status)
       VALUES (?, ?, 30000, 30000, 1, 120, 10000, 'sent')`,
    )
      .bind(crypto.randomUUID(), quoted.id)
      .run();
    const mailer = recorder();
    expect(await sendReplyDigest(env, { now: early, provider: mailer })).toMatchObject({ sent: 0 });
    await sendReplyDigest(env, { now: morning, provider: mailer });
    await sendReplyDigest(env, { now: new Date(morning.getTime() + 5 * 60_000), provider: mailer });
    await sendReplyDigest(env, { now: new Date(morning.getTime() + 8 * 3_600_000), provider: mailer });
    expect(mailer.sent).toHaveLength(1);
    const [digest] = mailer.sent;
    expect(digest?.to).toBeUndefined();
    expect(digest?.subject).toBe("1 consultation request is past the 24-hour reply");
    expect(digest?.text).toContain("Riley Overdue");
    expect(digest?.text).not.toContain("Quinn Recent");
    expect(digest?.text).not.toContain("Avery Answered");
    expect(digest?.text).not.toContain("Jules Quoted");

    await sendReplyDigest(env, { now: nextMorning, provider: mailer });
    expect(mailer.sent).toHaveLength(2);
    expect(mailer.sent[1]?.subject).toBe("2 consultation requests are past the 24-hour reply");
  });

  it("sends nothing on a day when nothing is overdue", async () => {
    await addConsultation({ createdAt: before(morning, 3) });
    const mailer = recorder();
    expect(await sendReplyDigest(env, { now: morning, provider: mailer })).toEqual({
      recorded: false,
      sent: 0,
      retry: 0,
      failed: 0,
      stopped: 0,
    });
    expect(mailer.sent).toHaveLength(0);
  });

  it("runs from the cron, once", async () => {
    await addConsultation({ createdAt: before(new Date(), 30) });
    const calls: { to: string[] }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      calls.push(JSON.parse(String(init?.body)));
      return Response.json({ id: "ok" });
    });
    const at = new Date(Date.now());
    const hour = Number(
      new Intl.DateTimeFormat("en-US", {
        timeZone: "America/New_York",
        hour: "numeric",
        hourCycle: "h23",
      }).format(at),
    );
    const runAt = hour >= 8 ? at : new Date(at.getTime() + (8 - hour) * 3_600_000);
    for (const offset of [0, 5]) {
      const controller = createScheduledController({
        scheduledTime: new Date(runAt.getTime() + offset * 60_000),
        cron: "*/5 * * * *",
      });
      const ctx = createExecutionContext();
      await worker.scheduled(controller, { ...env, MAIL_PROVIDER: "http", MAIL_API_KEY: "k" } as Env, ctx);
      await waitOnExecutionContext(ctx);
    }
    const digests = await env.DB.prepare(
      "SELECT q.status AS mail_status FROM reply_digests d JOIN mail_queue q ON q.kind = 'reply-digest' AND q.subject_id = d.day",
    ).all();
    expect(digests.results).toEqual([{ mail_status: "sent" }]);
    expect(calls.filter((call) => call.to[0] === env.MAIL_TO)).toHaveLength(1);
  });
});

describe("retention of status links", () => {
  it("deletes a request's links with it, and revoked links 30 days after revoking", async () => {
    quietLogs();
    const gone = await addConsultation();
    const goneToken = await linkFor(gone.id);
    const kept = await addConsultation();
    await linkFor(kept.id, { revokedAt: iso(31 * 24 * 60) });
    const recent = await linkFor(kept.id, { revokedAt: iso(24 * 60) });
    const live = await linkFor(kept.id);
    await env.DB.prepare("DELETE FROM consultation_requests WHERE id = ?").bind(gone.id).run();
    await enforceRetention(env.DB, new Date());
    const hashes = (await env.DB.prepare("SELECT token_hash FROM request_status_links").all()).results.map(
      (row) => row.token_hash,
    );
    expect(hashes).not.toContain(await sha256Hex(goneToken));
    expect(hashes).toContain(await sha256Hex(recent));
    expect(hashes).toContain(await sha256Hex(live));
    expect(
      (
        await env.DB.prepare("SELECT COUNT(*) AS n FROM request_status_links WHERE submission_id = ?")
          .bind(kept.id)
          .first()
      )?.n,
    ).toBe(2);
  });
});
