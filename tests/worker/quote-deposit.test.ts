import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeStripe, stripeSignature } from "../../scripts/lib/fake-stripe.mjs";
import { contentFromModules } from "../../shared/content/module-content";
import { factsFrom } from "../../shared/content-facts";
import { stageOf } from "../../shared/request-stages";
import { policies } from "../../shared/studio";
import { deliverMessageMail } from "../../worker/features/conversation/service";
import { deliverDepositMail } from "../../worker/features/quotes-and-deposits/mail";
import { studioDate } from "../../worker/platform/studio-clock";
import { enforceRetention } from "../../worker/retention";
import {
  adminCall,
  send as adminSend,
  ORIGIN,
  quietLogs,
  signedInAdmin,
  signedInEachTest,
} from "./admin-support";
import { postForm } from "./booking-support";
import { recorder, sentRequest } from "./request-support";
import { prerenderedAssets } from "./site-pages-support";
import { checkoutCompleted, deliverWebhook, fakeStripeEnv, startFakeStripe } from "./stripe-support";
import { count, freshIp, send, validConsultation } from "./submission-support";
import { expectToContainAll } from "./support";

const webhookSecret = "whsec_test_0123456789abcdef";
/** Stripe configured against the local fake, as an operator's keys would configure the real one. */
const stripeEnv = fakeStripeEnv(webhookSecret);

let fake: FakeStripe;

const deliver = (payload: string, signature: string) => deliverWebhook(payload, signature, stripeEnv);
/** Stripe's event for the session paid in full. */
const paidCheckout = (id: string, session: object) =>
  checkoutCompleted(id, { ...session, payment_status: "paid", status: "complete" });
/** A signature's time, as Stripe writes it (seconds), this far from now. */
const secondsFromNow = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

beforeEach(async () => {
  quietLogs();
  for (const table of ["quotes", "deposits", "stripe_events", "request_messages", "audit_log"]) {
    await env.DB.prepare(`DELETE FROM ${table}`).run();
  }
  fake = startFakeStripe(stripeEnv);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const page = (token: string, query = "", overrides: Partial<Env> = {}) =>
  send(
    `/requests/${token}${query}`,
    { headers: { "CF-Connecting-IP": freshIp() } },
    { ASSETS: prerenderedAssets, ...overrides },
  );

/** A form on the status page, posted as the browser does from it (same origin, urlencoded). */
const pagePost = (
  path: string,
  fields: Record<string, string>,
  overrides: Partial<Env> = {},
  origin = ORIGIN,
) => postForm(path, fields, origin, overrides);

const quotesOf = async (id: string) =>
  (
    await env.DB.prepare(
      "SELECT id, status, price_min_cents, price_max_cents, sessions, session_minutes, deposit_cents, note FROM quotes WHERE submission_id = ? ORDER BY created_at",
    )
      .bind(id)
      .all<Record<string, unknown>>()
  ).results;

const depositsOf = async (id: string) =>
  (
    await env.DB.prepare(
      "SELECT amount_cents, method, status, stripe_session_id, paid_at FROM deposits WHERE submission_id = ? ORDER BY created_at",
    )
      .bind(id)
      .all<{
        amount_cents: number;
        method: string;
        status: string;
        stripe_session_id: string | null;
        paid_at: string | null;
      }>()
  ).results;

/** The artist's deposit e-mails queued for a request, by topic. */
const depositMailTopics = async (id: string) =>
  (
    await env.DB.prepare("SELECT topic FROM mail_queue WHERE kind = 'deposit' AND request_id = ?")
      .bind(id)
      .all()
  ).results;

/** The request's deposit e-mails sent again through a recorder (the webhook sent them at once), to be read. */
async function resendDepositMail(id: string) {
  await env.DB.prepare("UPDATE mail_queue SET status = 'pending' WHERE kind = 'deposit' AND request_id = ?")
    .bind(id)
    .run();
  const mail = recorder();
  await deliverDepositMail(env, { provider: mail });
  return mail.sent;
}

const aQuote = {
  priceFrom: 800,
  priceTo: 1200,
  sessions: 2,
  sessionMinutes: 240,
  note: "Two sittings, a month apart.",
};

/** A date of birth `years` ago today in the studio's calendar, moved by `days`. */
function bornYearsAgo(years: number, days = 0) {
  const today = studioDate(new Date());
  const date = new Date(`${Number(today.slice(0, 4)) - years}${today.slice(4)}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** An adult client's date of birth, as the accept form posts it. */
const adult = "1990-04-12";

async function quoted(cookie: string, body: Record<string, unknown> = aQuote) {
  const { id, token } = await sentRequest({ name: "Ana Ruiz" });
  const response = await adminSend("POST", `/api/admin/consultations/${id}/quotes`, cookie, body);
  expect(response.status).toBe(201);
  const { quote } = (await response.json()) as { quote: { id: string } };
  return { id, token, quoteId: quote.id };
}

async function accepted(cookie: string) {
  const request = await quoted(cookie);
  const response = await pagePost(`/requests/${request.token}/quote/accept`, {
    quote: request.quoteId,
    dateOfBirth: adult,
  });
  expect(response.status).toBe(303);
  return request;
}

/** A request whose quote the client accepted and whose payment page they opened: the page's session. */
async function checkoutOpened(cookie: string) {
  const request = await accepted(cookie);
  await pagePost(`/requests/${request.token}/deposit`, {}, stripeEnv);
  const [session] = [...fake.sessions.values()];
  if (!session) throw new Error("no session");
  return { ...request, session };
}

describe("the artist's quote", () => {
  const admin = signedInEachTest();

  it("is saved in cents with the policy's deposit, audited, posted in the thread and e-mailed with the link", async () => {
    const { id, token } = await sentRequest({ name: "Ana Ruiz" });
    const response = await adminSend("POST", `/api/admin/consultations/${id}/quotes`, admin.cookie, aQuote);
    expect(response.status).toBe(201);
    expect(await quotesOf(id)).toEqual([
      expect.objectContaining({
        status: "sent",
        price_min_cents: 80_000,
        price_max_cents: 120_000,
        sessions: 2,
        session_minutes: 240,
        deposit_cents: policies.deposit.amount * 100,
        note: "Two sittings, a month apart.",
      }),
    ]);
    const audit = await env.DB.prepare("SELECT action, to_value FROM audit_log WHERE entity_id = ?")
      .bind(id)
      .all();
    expect(audit.results).toEqual([
      { action: "quote", to_value: "$800–$1,200 · 2 × 4 hours · deposit $100" },
    ]);

    const mail = recorder();
    await deliverMessageMail(env, { provider: mail, now: new Date(Date.now() + 60_000) });
    const [sent] = mail.sent;
    expect(sent?.to).toBe(validConsultation().email);
    expect(sent?.text).toContain("I have sent you a quote");
    expect(sent?.text).toContain(`/requests/${token}`);

    expectToContainAll(await (await page(token)).text(), [
      "Your quote",
      "$800–$1,200",
      "2 sessions",
      "4 hours",
      "Two sittings, a month apart.",
    ]);
  });

  it("withdraws the open quote when a new one is sent; the page shows only the new one", async () => {
    const { id, token } = await quoted(admin.cookie);
    const again = await adminSend("POST", `/api/admin/consultations/${id}/quotes`, admin.cookie, {
      priceFrom: 950,
      sessions: 1,
      sessionMinutes: 300,
      deposit: 150,
    });
    expect(again.status).toBe(201);
    expect(
      (await quotesOf(id)).map((q) => [q.status, q.price_min_cents, q.price_max_cents, q.deposit_cents]),
    ).toEqual([
      ["withdrawn", 80_000, 120_000, 10_000],
      ["sent", 95_000, 95_000, 15_000],
    ]);
    const html = await (await page(token)).text();
    const section = html.slice(
      html.indexOf('id="quote"'),
      html.indexOf("</section>", html.indexOf('id="quote"')),
    );
    expect(section).toContain("$950");
    expect(section).toContain("$150");
    expect(section).not.toContain("$800–$1,200");
    expect(section).toContain("5 hours");
  });

  it("refuses bad input with a 400 naming the field, and saves nothing", async () => {
    const { id } = await sentRequest({ name: "Ana Ruiz" });
    const cases: [Record<string, unknown>, string][] = [
      [{ ...aQuote, priceFrom: undefined }, "priceFrom"],
      [{ ...aQuote, priceTo: 500 }, "priceTo"],
      [{ ...aQuote, sessions: 0 }, "sessions"],
      [{ ...aQuote, sessionMinutes: 10 }, "sessionMinutes"],
      [{ ...aQuote, deposit: policies.deposit.amount - 1 }, "deposit"],
      [{ ...aQuote, deposit: 5000 }, "deposit"],
      [{ ...aQuote, note: "<script>alert(1)</script>" }, "note"],
    ];
    for (const [body, field] of cases) {
      const response = await adminSend("POST", `/api/admin/consultations/${id}/quotes`, admin.cookie, body);
      expect(response.status, field).toBe(400);
      const error = ((await response.json()) as { error: { code: string; fields: Record<string, string> } })
        .error;
      expect(error.code).toBe("validation");
      expect(Object.keys(error.fields)).toContain(field);
    }
    expect(await quotesOf(id)).toEqual([]);
    expect(await count("request_messages")).toBe(0);
    expect(await count("audit_log")).toBe(0);
  });

  it("answers 401 without a session and 404 for a request that does not exist", async () => {
    const { id } = await sentRequest({ name: "Ana Ruiz" });
    const anonymous = await adminCall(`/api/admin/consultations/${id}/quotes`, {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/json" },
      body: JSON.stringify(aQuote),
    });
    expect(anonymous.status).toBe(401);
    const missing = await adminSend(
      "POST",
      "/api/admin/consultations/no-such-request/quotes",
      admin.cookie,
      aQuote,
    );
    expect(missing.status).toBe(404);
    expect(
      (await adminSend("GET", "/api/admin/consultations/no-such-request/quote", admin.cookie)).status,
    ).toBe(404);
    expect(await quotesOf(id)).toEqual([]);
  });

  it("the card reads the open quote, the policy's deposit and whether online payment is set up", async () => {
    const { id } = await quoted(admin.cookie);
    const plain = await (await adminSend("GET", `/api/admin/consultations/${id}/quote`, admin.cookie)).json();
    expect(plain).toMatchObject({
      quote: { priceMinCents: 80_000, status: "sent" },
      deposit: null,
      policyDepositCents: 10_000,
      onlinePayments: false,
    });
    const online = await (
      await adminSend("GET", `/api/admin/consultations/${id}/quote`, admin.cookie, undefined, stripeEnv)
    ).json();
    expect(online).toMatchObject({ onlinePayments: true });
  });
});

describe("the quote on the status page", () => {
  const admin = signedInEachTest();

  it("shows the stage Quoted, the terms, the policy's deposit rules before paying, Accept and Ask a question", async () => {
    const { token, quoteId } = await quoted(admin.cookie);
    const html = await (await page(token)).text();
    expect(html).toMatch(/Where it stands: Quoted/);
    // The quote answered the request: no reply is said to be due any more.
    expect(html).not.toContain("Reply due by");
    expect(html).toContain("Before you pay: the deposit rules");
    // The published words, their facts filled in: no `{token}` reaches the client.
    const published = factsFrom(contentFromModules()).policies;
    for (const rule of published.cancellation) expect(html).toContain(rule.replaceAll("'", "&#39;"));
    expect(html).toContain(published.deposit.summary.replaceAll("'", "&#39;"));
    expect(html).toContain("48 hours or more: your deposit transfers to the new date");
    expect(html).not.toMatch(/\{[a-zA-Z]+\}/);
    expect(html).toContain(`action="/requests/${token}/quote/accept"`);
    expect(html).toContain(`name="quote" value="${quoteId}"`);
    expect(html).toContain('href="#message-body"');
    expect(html).toContain('id="message-body"');
    expect(html).not.toContain("Pay the");
  });

  it("accepting the quote: 303 back, the quote accepted, then the deposit to pay online or in cash", async () => {
    const { id, token, quoteId } = await quoted(admin.cookie);
    const response = await pagePost(`/requests/${token}/quote/accept`, {
      quote: quoteId,
      dateOfBirth: adult,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/requests/${token}?quote=accepted#quote`);
    expect((await quotesOf(id))[0]?.status).toBe("accepted");

    const onlinePage = await page(token, "?quote=accepted", stripeEnv);
    // The pay form's answer redirects to Stripe's page: the page's policy lets that form go there.
    expect(onlinePage.headers.get("Content-Security-Policy")).toMatch(
      /form-action 'self' https:\/\/fake-stripe\.test(;|$)/,
    );
    const online = await onlinePage.text();
    expect(online).toContain("Thank you: you accepted the quote.");
    expect(online).toContain(`action="/requests/${token}/deposit"`);
    expect(online).toContain("Pay the $100 deposit");
    // Before paying, the rules are still there, above the button.
    expect(online.indexOf("Before you pay: the deposit rules")).toBeLessThan(
      online.indexOf("Pay the $100 deposit"),
    );

    const offlinePage = await page(token);
    expect(offlinePage.headers.get("Content-Security-Policy")).toMatch(/form-action 'self'(;|$)/);
    const offline = await offlinePage.text();
    expect(offline).not.toContain(`action="/requests/${token}/deposit"`);
    expect(offline).toContain("Please pay the $100 deposit in cash at the studio");
  });

  it("a quote replaced since the page was opened is not accepted; a wrong link is 404, another site 403", async () => {
    const { id, token, quoteId } = await quoted(admin.cookie);
    await adminSend("POST", `/api/admin/consultations/${id}/quotes`, admin.cookie, {
      ...aQuote,
      priceFrom: 900,
    });
    const stale = await pagePost(`/requests/${token}/quote/accept`, { quote: quoteId, dateOfBirth: adult });
    expect(stale.status).toBe(303);
    expect(stale.headers.get("Location")).toContain("quote=changed");
    expect((await quotesOf(id)).map((q) => q.status)).toEqual(["withdrawn", "sent"]);

    const current = (await quotesOf(id))[1]?.id as string;
    const wrong = await pagePost(`/requests/${"x".repeat(43)}/quote/accept`, {
      quote: current,
      dateOfBirth: adult,
    });
    expect(wrong.status).toBe(404);
    const crossSite = await pagePost(
      `/requests/${token}/quote/accept`,
      { quote: current, dateOfBirth: adult },
      {},
      "https://evil.example",
    );
    expect(crossSite.status).toBe(403);
    const missing = await pagePost(`/requests/${token}/quote/accept`, {});
    expect(missing.status).toBe(400);
    expect((await quotesOf(id)).map((q) => q.status)).toEqual(["withdrawn", "sent"]);
  });
});

describe("the studio's age rule, before any deposit", () => {
  const admin = signedInEachTest();

  const bornOnOf = async (id: string) =>
    (
      await env.DB.prepare(
        "SELECT client_born_on FROM quotes WHERE submission_id = ? AND status <> 'withdrawn'",
      )
        .bind(id)
        .first<{ client_born_on: string | null }>()
    )?.client_born_on;

  it("the accept form asks the date of birth; a minor or a missing date accepts nothing", async () => {
    const { id, token, quoteId } = await quoted(admin.cookie);
    const html = await (await page(token)).text();
    expect(html).toMatch(/<input id="quote-date-of-birth" name="dateOfBirth" type="date"[^>]* required/);
    expect(html).toContain("The studio tattoos adults only (18 or older)");

    const minor = await pagePost(`/requests/${token}/quote/accept`, {
      quote: quoteId,
      dateOfBirth: bornYearsAgo(18, 1),
    });
    expect(minor.headers.get("Location")).toBe(`/requests/${token}?quote=under-age#quote`);
    const refused = await (await page(token, "?quote=under-age")).text();
    expect(refused).toContain(
      "The studio tattoos adults only: you must be 18 or older to accept a quote and pay a deposit. Nothing was accepted or paid.",
    );
    for (const dateOfBirth of ["", "2001-02-30", "next tuesday"]) {
      const bad = await pagePost(`/requests/${token}/quote/accept`, { quote: quoteId, dateOfBirth });
      expect(bad.headers.get("Location"), dateOfBirth).toBe(`/requests/${token}?quote=birth-date#quote`);
    }
    const none = await pagePost(`/requests/${token}/quote/accept`, { quote: quoteId });
    expect(none.headers.get("Location")).toContain("quote=birth-date");
    expect((await quotesOf(id))[0]?.status).toBe("sent");
    expect(await bornOnOf(id)).toBeNull();

    // Eighteen today is old enough.
    const today = bornYearsAgo(18);
    const ok = await pagePost(`/requests/${token}/quote/accept`, { quote: quoteId, dateOfBirth: today });
    expect(ok.headers.get("Location")).toBe(`/requests/${token}?quote=accepted#quote`);
    expect(await bornOnOf(id)).toBe(today);
    // Accepted with the date: the pay button asks nothing more.
    const pay = await (await page(token, "", stripeEnv)).text();
    expect(pay).toContain("Pay the $100 deposit");
    expect(pay).not.toContain('name="dateOfBirth"');
  });

  it("a quote accepted before the date was asked: the pay button asks it, and no payment page opens without it", async () => {
    const { id, token } = await accepted(admin.cookie);
    await env.DB.prepare("UPDATE quotes SET client_born_on = NULL WHERE submission_id = ?").bind(id).run();
    expect(await (await page(token, "", stripeEnv)).text()).toMatch(
      /action="\/requests\/[^"]+\/deposit"[\s\S]*name="dateOfBirth"[\s\S]*Pay the \$100 deposit/,
    );
    const none = await pagePost(`/requests/${token}/deposit`, {}, stripeEnv);
    expect(none.headers.get("Location")).toBe(`/requests/${token}?quote=birth-date#quote`);
    const minor = await pagePost(`/requests/${token}/deposit`, { dateOfBirth: bornYearsAgo(17) }, stripeEnv);
    expect(minor.headers.get("Location")).toBe(`/requests/${token}?quote=under-age#quote`);
    expect(fake.sessions.size).toBe(0);
    expect(await depositsOf(id)).toEqual([]);

    const opened = await pagePost(`/requests/${token}/deposit`, { dateOfBirth: adult }, stripeEnv);
    expect(opened.headers.get("Location")).toBe([...fake.sessions.values()][0]?.url);
    expect(await bornOnOf(id)).toBe(adult);
  });

  it("a cash deposit on a quote with no date needs the client's date from their ID, 18 or older", async () => {
    const { id } = await quoted(admin.cookie);
    const path = `/api/admin/consultations/${id}/deposit/received`;
    const none = await adminSend("POST", path, admin.cookie);
    expect(none.status).toBe(422);
    expect(await none.json()).toMatchObject({
      error: { fields: { clientBornOn: "Enter the client's date of birth from their ID" } },
    });
    const minor = await adminSend("POST", path, admin.cookie, { clientBornOn: bornYearsAgo(18, 1) });
    expect(minor.status).toBe(400);
    expect(JSON.stringify(await minor.json())).toContain("adults only");
    expect(await depositsOf(id)).toEqual([]);
    expect((await quotesOf(id))[0]?.status).toBe("sent");

    const ok = await adminSend("POST", path, admin.cookie, { clientBornOn: adult });
    expect(ok.status).toBe(200);
    expect(await bornOnOf(id)).toBe(adult);
    expect((await quotesOf(id))[0]?.status).toBe("accepted");
  });

  it("the card says whether the date was given, never the date itself", async () => {
    const { id } = await accepted(admin.cookie);
    const body = await (await adminSend("GET", `/api/admin/consultations/${id}/quote`, admin.cookie)).text();
    expect(JSON.parse(body)).toMatchObject({ quote: { birthDateGiven: true } });
    expect(body).not.toContain(adult);
  });
});

describe("a request the artist closes while its payment page is open", () => {
  it("closes the page, and money arriving anyway is shown to the artist, never applied", async () => {
    const cookie = (await signedInAdmin()).cookie;
    const { id, session } = await checkoutOpened(cookie);
    const closed = await adminSend(
      "PATCH",
      `/api/admin/consultations/${id}`,
      cookie,
      { status: "cancelled" },
      stripeEnv,
    );
    expect(closed.status).toBe(200);
    expect(session.status).toBe("expired");
    // A payment that got through all the same (Stripe could not close the page in time).
    session.status = "open";
    await fake.pay(session.id);
    expect((await depositsOf(id)).map((d) => d.status)).toEqual(["pending"]);
    expect(await depositMailTopics(id)).toEqual([{ topic: "artist-unapplied" }]);
  });
});

describe("a quote on a request the artist then declined", () => {
  it("is no longer shown, accepted or paid", async () => {
    const cookie = (await signedInAdmin()).cookie;
    const { id, token, quoteId } = await quoted(cookie);
    await env.DB.prepare("UPDATE consultation_requests SET status = 'cancelled' WHERE id = ?").bind(id).run();
    const html = await (await page(token, "", stripeEnv)).text();
    expect(html).toContain("Where it stands: Declined");
    expect(html).not.toContain("Your quote");
    const accept = await pagePost(`/requests/${token}/quote/accept`, { quote: quoteId, dateOfBirth: adult });
    expect(accept.headers.get("Location")).toContain("quote=changed");
    expect((await quotesOf(id))[0]?.status).toBe("sent");
  });
});

describe("the deposit through Stripe Checkout (against the local fake)", () => {
  const admin = signedInEachTest();

  it("opens a Checkout session on the server with the quote's deposit, whatever the form posts", async () => {
    const { id, token, quoteId } = await accepted(admin.cookie);
    const response = await pagePost(
      `/requests/${token}/deposit`,
      { amount: "1", unit_amount: "1" },
      stripeEnv,
    );
    expect(response.status).toBe(303);
    const [session] = [...fake.sessions.values()];
    expect(response.headers.get("Location")).toBe(session?.url);
    expect(session?.amount_total).toBe(10_000);
    expect(session?.currency).toBe("usd");
    expect(session?.metadata).toEqual({ submission_id: id, quote_id: quoteId });
    // Stripe is never given the request's link (the secret): the way back is a admin.cookie of the
    // client's own browser.
    expect(session?.success_url).toBe(`${ORIGIN}/deposit-return?outcome=paid`);
    expect(session?.cancel_url).toBe(`${ORIGIN}/deposit-return?outcome=cancelled`);
    expect(JSON.stringify(fake.calls)).not.toContain(token);
    const kept = response.headers.get("Set-Cookie") ?? "";
    expect(kept).toMatch(new RegExp(`^__Host-gn_deposit_return=${token};`));
    expect(kept).toContain("HttpOnly");
    expect(kept).toContain("Secure");
    expect(kept).toContain("SameSite=Lax");
    expect(kept).toContain("Path=/");
    // The secret key went to the API, as a bearer token, from the server alone.
    expect(fake.calls[0]?.headers.authorization).toBe(`Bearer ${stripeEnv.STRIPE_SECRET_KEY}`);
    expect(await depositsOf(id)).toEqual([
      {
        amount_cents: 10_000,
        method: "stripe",
        status: "pending",
        stripe_session_id: session?.id,
        paid_at: null,
      },
    ]);
    // A second click (or tab) goes to the same open session: never two payable ones.
    const again = await pagePost(`/requests/${token}/deposit`, {}, stripeEnv);
    expect(again.headers.get("Location")).toBe(session?.url);
    expect(fake.sessions.size).toBe(1);
    expect(await depositsOf(id)).toHaveLength(1);
  });

  it("brings the browser that paid back to its request's page, and any other to a page that says where to look", async () => {
    const { token } = await accepted(admin.cookie);
    const opened = await pagePost(`/requests/${token}/deposit`, {}, stripeEnv);
    const kept = (opened.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    for (const outcome of ["paid", "cancelled"]) {
      const back = await send(`/deposit-return?outcome=${outcome}`, {
        headers: { Cookie: kept },
        redirect: "manual",
      });
      expect(back.status).toBe(303);
      expect(back.headers.get("Location")).toBe(`/requests/${token}?deposit=${outcome}#quote`);
      expect(back.headers.get("Cache-Control")).toBe("no-store");
      expect(back.headers.get("Referrer-Policy")).toBe("no-referrer");
      // Taken once: the admin.cookie is cleared on the way.
      expect(back.headers.get("Set-Cookie")).toMatch(/^__Host-gn_deposit_return=;.*Max-Age=0/);
    }
    const elsewhere = await send("/deposit-return?outcome=paid", { redirect: "manual" });
    expect(elsewhere.status).toBe(200);
    const html = await elsewhere.text();
    expect(html).toContain("Thank you");
    expect(html).toContain("open the link in the e-mail we sent you");
    expect(html).not.toContain(token);
    expect(elsewhere.headers.get("Cache-Control")).toBe("no-store");
    const forged = await send("/deposit-return?outcome=cancelled", {
      headers: { Cookie: `__Host-gn_deposit_return=${"x".repeat(43)}` },
      redirect: "manual",
    });
    expect(forged.status).toBe(200);
    expect(await forged.text()).toContain("No payment was made");
  });

  it("opens nothing before the quote is accepted, or without keys", async () => {
    const { id, token } = await quoted(admin.cookie);
    const early = await pagePost(`/requests/${token}/deposit`, {}, stripeEnv);
    expect(early.status).toBe(303);
    expect(early.headers.get("Location")).toBe(`/requests/${token}#quote`);
    const request = await accepted(admin.cookie);
    const noKeys = await pagePost(`/requests/${request.token}/deposit`, {});
    expect(noKeys.headers.get("Location")).toBe(`/requests/${request.token}#quote`);
    expect(fake.sessions.size).toBe(0);
    expect(await depositsOf(id)).toEqual([]);
    expect(await depositsOf(request.id)).toEqual([]);
  });

  it("says so when Stripe cannot open the page", async () => {
    const { token } = await accepted(admin.cookie);
    const refused = await pagePost(
      `/requests/${token}/deposit`,
      {},
      { ...stripeEnv, STRIPE_SECRET_KEY: "not-a-key" },
    );
    expect(refused.status).toBe(303);
    expect(refused.headers.get("Location")).toBe(`/requests/${token}?deposit=unavailable#quote`);
  });

  it("the signed webhook marks the deposit paid once; the page says so; a replay changes nothing", async () => {
    const { id, token, session } = await checkoutOpened(admin.cookie);

    const first = await fake.pay(session.id);
    expect(first.status).toBe(200);
    const [paid] = await depositsOf(id);
    expect(paid).toMatchObject({ status: "paid", amount_cents: 10_000 });
    expect(paid?.paid_at).not.toBeNull();

    const html = await (await page(token, "?deposit=paid", stripeEnv)).text();
    expect(html).toContain("Thank you: your deposit is paid.");
    expect(html).toContain("Deposit paid: $100");
    expect(html).not.toContain(`action="/requests/${token}/deposit"`);

    // Stripe retries a delivery it thinks failed: the same event, signed again, later.
    const replay = await deliver(first.payload, await stripeSignature(first.payload, webhookSecret));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, outcome: "replayed" });
    expect(await depositsOf(id)).toEqual([paid]);
    expect(await count("stripe_events")).toBe(1);
  });

  it("tells the artist once when a deposit is paid by card: who, how much, and the card", async () => {
    const { id, token, session } = await checkoutOpened(admin.cookie);
    const first = await fake.pay(session.id);
    expect(first.status).toBe(200);
    // Stripe's retry of the same event queues nothing more.
    await deliver(first.payload, await stripeSignature(first.payload, webhookSecret));
    expect(await depositMailTopics(id)).toEqual([{ topic: "artist-paid" }]);
    const [sent] = (await resendDepositMail(id)).filter((m) => m.subject.startsWith("Deposit paid: "));
    const { name, email } = (await env.DB.prepare(
      "SELECT name, email FROM consultation_requests WHERE id = ?",
    )
      .bind(id)
      .first()) as { name: string; email: string };
    expect(sent?.subject).toBe(`Deposit paid: $100 from ${name}`);
    expect(sent?.replyTo).toBe(email);
    expect(sent?.text).toContain(`/admin/consultations?id=${id}&open=${id}`);
    expect(sent?.text).not.toContain(token);
  });

  it("closes a replaced quote's payment page, and never applies money that still arrives for it", async () => {
    const { id, token } = await accepted(admin.cookie);
    await pagePost(`/requests/${token}/deposit`, {}, stripeEnv);
    const [old] = [...fake.sessions.values()];
    if (!old) throw new Error("no session");
    // The artist sends a new quote while the client has the old payment page open.
    const replaced = await adminCall(
      `/api/admin/consultations/${id}/quotes`,
      {
        method: "POST",
        headers: { Cookie: admin.cookie, Origin: ORIGIN, "Content-Type": "application/json" },
        body: JSON.stringify({ ...aQuote, priceFrom: 2000, priceTo: 2400 }),
      },
      stripeEnv,
    );
    expect(replaced.status).toBe(201);
    expect(fake.sessions.get(old.id)?.status).toBe("expired");
    expect(fake.calls.some((call) => call.path === `/v1/checkout/sessions/${old.id}/expire`)).toBe(true);

    // A payment that got through before the page closed: recorded, not applied, shown to the artist.
    const late = await fake.sendEvent({ ...old, status: "complete", payment_status: "paid" });
    expect(late.status).toBe(200);
    expect((await depositsOf(id)).map((d) => d.status)).toEqual(["pending"]);
    const html = await (await page(token, "", stripeEnv)).text();
    expect(html).not.toContain("Deposit paid");
    expect(await depositMailTopics(id)).toEqual([{ topic: "artist-unapplied" }]);
    const [sent] = (await resendDepositMail(id)).filter((m) => m.subject.startsWith("Payment not applied: "));
    expect(sent?.subject).toBe("Payment not applied: $100 from Ana Ruiz");
    expect(sent?.text).toContain("Refund it from the payment in your Stripe dashboard");
  });

  it("refuses a bad signature with 400 and applies nothing", async () => {
    const { id, session } = await checkoutOpened(admin.cookie);
    const payload = paidCheckout("evt_forged", session);
    const attempts = [
      await stripeSignature(payload, "whsec_someone_else"),
      await stripeSignature(payload, webhookSecret, secondsFromNow(-3600)),
      // Signed with the right secret but dated ahead: it would stay "fresh" for as long as it is
      // ahead, which is what a replay needs. Two minutes is past any clock drift.
      await stripeSignature(payload, webhookSecret, secondsFromNow(3600)),
      await stripeSignature(payload, webhookSecret, secondsFromNow(120)),
      "t=1,v1=deadbeef",
    ];
    for (const signature of attempts) {
      const response = await deliver(payload, signature);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("bad_request");
    }
    const unsigned = await send("/api/stripe/webhook", { method: "POST", body: payload }, stripeEnv);
    expect(unsigned.status).toBe(400);
    expect((await depositsOf(id)).map((d) => d.status)).toEqual(["pending"]);
    expect(await count("stripe_events")).toBe(0);
  });

  it("ignores, safely, a paid session of another amount or one the studio never opened", async () => {
    const { id, session } = await checkoutOpened(admin.cookie);
    const cheaper = await fake.sendEvent({ ...session, amount_total: 100, payment_status: "paid" });
    expect(cheaper.status).toBe(200);
    const unknown = await fake.sendEvent({ ...session, id: "cs_test_never_opened", payment_status: "paid" });
    expect(unknown.status).toBe(200);
    expect((await depositsOf(id)).map((d) => d.status)).toEqual(["pending"]);
    expect(await count("stripe_events")).toBe(2);
  });

  it("accepts a signature a few seconds ahead of its clock (drift), and applies it", async () => {
    const { id, session } = await checkoutOpened(admin.cookie);
    const payload = paidCheckout("evt_drift", session);
    const response = await deliver(
      payload,
      await stripeSignature(payload, webhookSecret, secondsFromNow(20)),
    );
    expect(response.status).toBe(200);
    expect((await depositsOf(id)).map((d) => d.status)).toEqual(["paid"]);
  });

  it("refuses a validly signed event it cannot read with 400, recording and applying nothing", async () => {
    const { id, session } = await checkoutOpened(admin.cookie);
    const paid = { ...session, payment_status: "paid", status: "complete" };
    const malformed: unknown[] = [
      { object: "event", type: "checkout.session.completed", data: { object: paid } },
      { id: "evt_1", object: "event", data: { object: paid } },
      { id: "evt_2", object: "event", type: "checkout.session.completed" },
      { id: "evt_3", object: "event", type: "checkout.session.completed", data: { object: null } },
      {
        id: "evt_4",
        object: "event",
        type: "checkout.session.completed",
        data: { object: { ...paid, id: 7 } },
      },
      {
        id: "evt_5",
        object: "event",
        type: "checkout.session.completed",
        data: { object: { ...paid, amount_total: "10000" } },
      },
      {
        id: "evt_6",
        object: "event",
        type: "checkout.session.completed",
        data: { object: { ...paid, amount_total: 100.5 } },
      },
      { id: ["evt_7"], object: "event", type: "charge.refunded", data: { object: {} } },
      [],
      "an event",
    ];
    for (const event of malformed) {
      const payload = JSON.stringify(event);
      const response = await deliver(payload, await stripeSignature(payload, webhookSecret));
      expect(response.status, payload).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("bad_request");
    }
    expect((await depositsOf(id)).map((d) => d.status)).toEqual(["pending"]);
    expect(await count("stripe_events")).toBe(0);
  });

  it("answers 404 when no webhook secret is configured", async () => {
    const response = await send("/api/stripe/webhook", { method: "POST", body: "{}" });
    expect(response.status).toBe(404);
  });
});

describe("a deposit marked received by hand", () => {
  const admin = signedInEachTest();

  it("records the quote's deposit as paid in cash, audited, once; the page shows it", async () => {
    const { id, token } = await quoted(admin.cookie);
    const response = await adminSend(
      "POST",
      `/api/admin/consultations/${id}/deposit/received`,
      admin.cookie,
      {
        clientBornOn: adult,
      },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      deposit: { amountCents: 10_000, method: "by-hand", status: "paid" },
    });
    // Paying in cash is accepting the quote.
    expect((await quotesOf(id))[0]?.status).toBe("accepted");
    const audit = await env.DB.prepare(
      "SELECT action, to_value FROM audit_log WHERE entity_id = ? AND action = 'deposit'",
    )
      .bind(id)
      .all();
    expect(audit.results).toEqual([{ action: "deposit", to_value: "received by hand" }]);

    const twice = await adminSend("POST", `/api/admin/consultations/${id}/deposit/received`, admin.cookie);
    expect(twice.status).toBe(409);
    expect(await depositsOf(id)).toHaveLength(1);

    const html = await (await page(token)).text();
    expect(html).toContain("Deposit paid: $100");
    expect(html).toContain("received at the studio");
    expect(html).toContain("The deposit rules");
  });

  it("needs a quote first, a session, and a request that exists", async () => {
    const { id } = await sentRequest({ name: "Ana Ruiz" });
    expect(
      (await adminSend("POST", `/api/admin/consultations/${id}/deposit/received`, admin.cookie)).status,
    ).toBe(409);
    const anonymous = await adminCall(`/api/admin/consultations/${id}/deposit/received`, {
      method: "POST",
      headers: { Origin: ORIGIN },
    });
    expect(anonymous.status).toBe(401);
    expect(
      (await adminSend("POST", "/api/admin/consultations/no-such-request/deposit/received", admin.cookie))
        .status,
    ).toBe(404);
    expect(await depositsOf(id)).toEqual([]);
  });

  it("a Stripe payment arriving after a cash deposit does not record a second one", async () => {
    const { id, session } = await checkoutOpened(admin.cookie);
    expect(
      (await adminSend("POST", `/api/admin/consultations/${id}/deposit/received`, admin.cookie)).status,
    ).toBe(200);
    await fake.pay(session.id);
    expect((await depositsOf(id)).map((d) => [d.method, d.status])).toEqual([
      ["stripe", "pending"],
      ["by-hand", "paid"],
    ]);
  });
});

describe("the stage and retention", () => {
  it("a quote moves the stage to Quoted, never back, and not for a declined request", () => {
    expect(stageOf("pending", { quote: "sent", booking: null })).toBe("quoted");
    expect(stageOf("contacted", { quote: "accepted", booking: null })).toBe("quoted");
    expect(stageOf("contacted", { quote: "withdrawn", booking: null })).toBe("replied");
    expect(stageOf("cancelled", { quote: "sent", booking: null })).toBe("declined");
    expect(stageOf("completed", { quote: "accepted", booking: null })).toBe("completed");
  });

  it("a request's quotes and deposits go with it", async () => {
    const cookie = (await signedInAdmin()).cookie;
    const { id } = await quoted(cookie);
    await adminSend("POST", `/api/admin/consultations/${id}/deposit/received`, cookie, {
      clientBornOn: adult,
    });
    await env.DB.prepare("DELETE FROM consultation_requests WHERE id = ?").bind(id).run();
    await enforceRetention(env.DB, new Date());
    expect(await quotesOf(id)).toEqual([]);
    expect(await depositsOf(id)).toEqual([]);
  });
});
