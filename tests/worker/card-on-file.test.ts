import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeStripe, stripeSignature } from "../../scripts/lib/fake-stripe.mjs";
import { sessionFeeCounts } from "../../worker/features/quotes-and-deposits/card-queries";
import { deliverDepositMail } from "../../worker/features/quotes-and-deposits/mail";
import { adminCall, send as adminSend, ORIGIN, signedInEachTest } from "./admin-support";
import { addBooking, offeredSlots, openPage, postForm, readyToBook } from "./booking-support";
import { recorder } from "./request-support";
import { checkoutCompleted, deliverWebhook, fakeStripeEnv, startFakeStripe } from "./stripe-support";
import { recordingMailer, send } from "./submission-support";
import { hour } from "./support";

const webhookSecret = "whsec_test_card_on_file_0123";
/** Stripe against the local fake, with the card on file turned on as an operator would. */
const cardEnv = { ...fakeStripeEnv(webhookSecret), STRIPE_CARD_ON_FILE: "on" };
const mailers = () => ({ MAILER: recordingMailer().binding, VISITOR_MAILER: recordingMailer().binding });
const policy =
  "A credit card on file is required for every appointment. It is charged only for a no-show or a cancellation within 48 hours.";

let fake: FakeStripe;
const admin = signedInEachTest();

beforeEach(() => {
  fake = startFakeStripe(cardEnv);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const text = async (response: Response) =>
  (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&#39;", "'");

/** "Save a card with Stripe" posted from the status page. */
const saveCardPost = (
  token: string,
  overrides: Partial<Env> & { STRIPE_CARD_ON_FILE?: string } = {},
  origin = ORIGIN,
) => postForm(`/requests/${token}/card`, {}, origin, { ...mailers(), ...cardEnv, ...overrides });

const deliver = (payload: string, signature: string) => deliverWebhook(payload, signature, cardEnv);

async function cardRows(id: string) {
  const { results } = await env.DB.prepare(
    "SELECT * FROM saved_cards WHERE submission_id = ? ORDER BY created_at",
  )
    .bind(id)
    .all<Record<string, unknown>>();
  return results;
}

/** A request ready to book whose client saved the card ending `last4` through the fake. */
async function withSavedCard(last4 = "4242", name = "Dana Whitfield") {
  const request = await readyToBook({ name });
  const opened = await saveCardPost(request.token);
  const sessionId = new URL(opened.headers.get("Location") ?? "").pathname.split("/").pop() ?? "";
  const delivery = await fake.saveCard(sessionId, last4);
  expect(delivery.status).toBe(200);
  return { ...request, sessionId };
}

const feeOf = async (bookingId: string) =>
  env.DB.prepare("SELECT * FROM session_fees WHERE booking_id = ?")
    .bind(bookingId)
    .first<Record<string, unknown>>();

const charge = (bookingId: string, body: unknown, cookie = admin.cookie) =>
  adminSend("POST", `/api/admin/session-fees/${bookingId}`, cookie, body, cardEnv);

describe("the card on file at booking", () => {
  it("is asked for before any time, under the policy in its published words, only while cards are kept", async () => {
    const { token } = await readyToBook();
    const page = await text(await openPage(token, {}, cardEnv));
    expect(page).toContain("First, a card on file");
    expect(page).toContain(policy);
    expect(page).toContain(`action="/requests/${token}/card"`);
    expect(page).toContain("Save a card with Stripe");
    expect(page).not.toContain("Book this time");
    // With Stripe but the card on file off, the times are offered and no policy is stated.
    const off = await text(await openPage(token, {}, fakeStripeEnv(webhookSecret)));
    expect(off).toContain("Book this time");
    expect(off).not.toContain("credit card on file");
  });

  it("is saved on Stripe's page in setup mode under a new Customer; only ids, brand, last four and expiry are kept", async () => {
    const { id, token } = await readyToBook({ name: "Rae Setup" });
    const opened = await saveCardPost(token);
    expect(opened.status).toBe(303);
    const location = opened.headers.get("Location") ?? "";
    expect(location).toMatch(/^https:\/\/fake-stripe\.test\/setup\/cs_test_/);
    const customerCall = fake.calls.find((call) => call.path === "/v1/customers");
    expect(customerCall?.form).toMatchObject({ name: "Rae Setup", metadata: { submission_id: id } });
    expect(customerCall?.headers["idempotency-key"]).toBe(`customer-${id}`);
    const checkout = fake.calls.find((call) => call.path === "/v1/checkout/sessions");
    expect(checkout?.form).toMatchObject({ mode: "setup", customer: [...fake.customers.keys()][0] });
    // The way back names no status link: it waits in the client's browser.
    expect(JSON.stringify(checkout?.form)).not.toContain(token);

    const sessionId = location.split("/").pop() ?? "";
    expect((await fake.saveCard(sessionId, "4242")).status).toBe(200);
    const [row] = await cardRows(id);
    expect(row).toMatchObject({
      status: "saved",
      brand: "visa",
      last4: "4242",
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 3,
      stripe_customer_id: [...fake.customers.keys()][0],
    });
    expect(String(row?.stripe_payment_method_id)).toMatch(/^pm_test_/);
    // No card number anywhere: no value holds a run of digits as long as one. Ids (ours, and
    // Stripe's opaque references) are random, and may hold such a run by chance.
    const values = Object.entries(row ?? {}).filter(([column]) => !/(^|_)id$/.test(column));
    expect(values.filter(([, value]) => /\d{12,19}/.test(String(value)))).toEqual([]);

    const page = await text(await openPage(`/requests/${token}?card=saved`, {}, cardEnv));
    expect(page).toContain("Your card is saved.");
    expect(page).toContain("Card on file: <strong>Visa ending 4242, expires 12/");
    expect(page).toContain("Book this time");
    // Asked again, nothing new is opened: the card is on file.
    const again = await saveCardPost(token);
    expect(again.headers.get("Location")).toBe(`/requests/${token}?card=saved#booking`);
    expect(fake.calls.filter((call) => call.path === "/v1/checkout/sessions")).toHaveLength(1);
  });

  it("reuses the request's Customer for a second setup, and the open page for a second click", async () => {
    const { id, token } = await readyToBook();
    const first = (await saveCardPost(token)).headers.get("Location");
    expect((await saveCardPost(token)).headers.get("Location")).toBe(first);
    const session = fake.sessions.get(first?.split("/").pop() ?? "");
    if (session) session.status = "expired";
    const second = (await saveCardPost(token)).headers.get("Location");
    expect(second).not.toBe(first);
    expect(fake.customers.size).toBe(1);
    expect(new Set((await cardRows(id)).map((row) => row.stripe_customer_id)).size).toBe(1);
  });

  it("refuses a booking without a card, and a card post from elsewhere, for a wrong link, or before the deposit", async () => {
    const { id, token } = await readyToBook();
    const [slot] = await offeredSlots(180);
    const booked = await postForm(`/requests/${token}/booking`, { startsAt: slot?.startsAt ?? "" }, ORIGIN, {
      ...mailers(),
      ...cardEnv,
    });
    expect(booked.status).toBe(303);
    expect(booked.headers.get("Location")).toBe(`/requests/${token}?booking=card#booking`);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM bookings WHERE submission_id = ?").bind(id).first("n"),
    ).toBe(0);
    const refusedPage = await text(await openPage(`/requests/${token}?booking=card`, {}, cardEnv));
    expect(refusedPage).toContain("Save a card first");

    expect((await saveCardPost(token, {}, "https://elsewhere.example")).status).toBe(403);
    expect((await saveCardPost("A".repeat(43))).status).toBe(404);
    // Card on file off: back to the page, Stripe never asked.
    const off = await saveCardPost(token, { STRIPE_CARD_ON_FILE: "off" });
    expect(off.headers.get("Location")).toBe(`/requests/${token}#booking`);
    // No deposit paid yet: nothing opened either.
    await env.DB.prepare("UPDATE deposits SET status = 'pending', paid_at = NULL WHERE submission_id = ?")
      .bind(id)
      .run();
    expect((await saveCardPost(token)).headers.get("Location")).toBe(`/requests/${token}#booking`);
    expect(fake.calls.filter((call) => call.path.startsWith("/v1/"))).toHaveLength(0);
  });

  it("comes back from Stripe's page to the booking step, or to a page that says where to look", async () => {
    const { token } = await readyToBook();
    const opened = await saveCardPost(token);
    const cookie =
      (opened.headers.getSetCookie().find((c) => c.startsWith("__Host-gn_deposit_return=")) ?? "").split(
        ";",
      )[0] ?? "";
    expect(cookie).not.toBe("");
    const back = await send("/deposit-return?outcome=card-saved", { headers: { Cookie: cookie } }, cardEnv);
    expect(back.status).toBe(303);
    expect(back.headers.get("Location")).toBe(`/requests/${token}?card=saved#booking`);
    const cancelled = await send(
      "/deposit-return?outcome=card-cancelled",
      { headers: { Cookie: cookie } },
      cardEnv,
    );
    expect(cancelled.headers.get("Location")).toBe(`/requests/${token}?card=cancelled#booking`);
    const elsewhere = await text(await send("/deposit-return?outcome=card-cancelled", {}, cardEnv));
    expect(elsewhere).toContain("No card was saved");
    expect(elsewhere).toContain("nothing was saved or charged");
    const page = await text(await openPage(`/requests/${token}?card=cancelled`, {}, cardEnv));
    expect(page).toContain("No card was saved. A card on file is needed to book a session.");
  });

  it("says so when Stripe cannot open the page", async () => {
    const { token } = await readyToBook();
    const refused = await saveCardPost(token, { STRIPE_SECRET_KEY: "not-a-key" });
    expect(refused.headers.get("Location")).toBe(`/requests/${token}?card=unavailable#booking`);
  });
});

describe("the card webhooks", () => {
  it("are applied once: a replayed event changes nothing, setup_intent.succeeded alone also saves the card", async () => {
    const { id, token } = await readyToBook();
    const sessionId = (await saveCardPost(token)).headers.get("Location")?.split("/").pop() ?? "";
    const delivery = await fake.saveCard(sessionId);
    const replay = await deliver(delivery.payload, await stripeSignature(delivery.payload, webhookSecret));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, outcome: "replayed" });
    expect(await cardRows(id)).toHaveLength(1);
    // The second of Stripe's two events found the card saved: recorded, nothing changed.
    expect(fake.deliveries.map((d) => d.status)).toEqual([200, 200]);

    // A request whose checkout event never comes: the SetupIntent's own event saves it.
    const other = await readyToBook();
    const otherSession = fake.sessions.get(
      (await saveCardPost(other.token)).headers.get("Location")?.split("/").pop() ?? "",
    );
    const intent = fake.setupIntents.get(String(otherSession?.setup_intent)) as Record<string, unknown>;
    const pm = "pm_test_only_intent";
    fake.paymentMethods.set(pm, {
      id: pm,
      object: "payment_method",
      customer: otherSession?.customer,
      card: { brand: "mastercard", last4: "4444", exp_month: 3, exp_year: 2031 },
    });
    Object.assign(intent, { status: "succeeded", payment_method: pm });
    const alone = await fake.sendEvent(intent, "setup_intent.succeeded");
    expect(alone.status).toBe(200);
    expect(await cardRows(other.id)).toEqual([
      expect.objectContaining({ status: "saved", brand: "mastercard", last4: "4444", exp_year: 2031 }),
    ]);
  });

  it("refuse a bad or missing signature with nothing saved, and ignore a setup the studio never opened", async () => {
    const { id, token } = await readyToBook();
    const session = fake.sessions.get(
      (await saveCardPost(token)).headers.get("Location")?.split("/").pop() ?? "",
    );
    const event = checkoutCompleted("evt_test_forged_setup", { ...session, status: "complete" });
    expect((await deliver(event, await stripeSignature(event, "whsec_someone_else"))).status).toBe(400);
    const missing = await send("/api/stripe/webhook", { method: "POST", body: event }, cardEnv);
    expect(missing.status).toBe(400);
    expect(await cardRows(id)).toEqual([expect.objectContaining({ status: "pending" })]);

    const stranger = checkoutCompleted("evt_test_unknown_setup", {
      id: "cs_test_never_opened",
      mode: "setup",
      setup_intent: "seti_test_x",
    });
    const ignored = await deliver(stranger, await stripeSignature(stranger, webhookSecret));
    expect(await ignored.json()).toEqual({ received: true, outcome: "ignored" });
    const malformed = JSON.stringify({
      id: "evt_test_bad_setup",
      type: "setup_intent.succeeded",
      data: { object: {} },
    });
    expect((await deliver(malformed, await stripeSignature(malformed, webhookSecret))).status).toBe(400);
  });
});

describe("the artist's no-show and late-cancellation fee", () => {
  it("charges a no-show off-session once, ends the session, forfeits the deposit and e-mails the receipt", async () => {
    const { id, quoteId, depositId } = await withSavedCard("4242", "Noah Noshow");
    const bookingId = await addBooking(id, quoteId, new Date(Date.now() - hour));
    const state = await (
      await adminSend("GET", `/api/admin/session-fees/of/${id}`, admin.cookie, undefined, cardEnv)
    ).json<{
      name: string;
      card: { brand: string; last4: string };
      terms: { kind: string; amountCents: number; allowed: boolean }[];
    }>();
    expect(state.name).toBe("Noah Noshow");
    expect(state.card).toMatchObject({ brand: "visa", last4: "4242" });
    expect(state.terms).toEqual([
      expect.objectContaining({ kind: "no-show", amountCents: 10_000, allowed: true }),
      expect.objectContaining({ kind: "late-cancellation", allowed: false }),
    ]);

    const charged = await charge(bookingId, { kind: "no-show", amountCents: 10_000 });
    expect(charged.status).toBe(200);
    expect((await charged.json<{ fee: { status: string } }>()).fee.status).toBe("charged");
    const [intent] = [...fake.paymentIntents.values()];
    expect(intent).toMatchObject({
      amount: 10_000,
      status: "succeeded",
      customer: [...fake.customers.keys()][0],
    });
    const call = fake.calls.find((c) => c.path === "/v1/payment_intents");
    expect(call?.form).toMatchObject({ off_session: "true", confirm: "true", currency: "usd" });
    const fee = await feeOf(bookingId);
    expect(call?.headers["idempotency-key"]).toBe(`session-fee-${fee?.id}-1`);
    expect(fee).toMatchObject({ kind: "no-show", status: "charged", stripe_payment_intent_id: intent?.id });
    const booking = await env.DB.prepare("SELECT status, cancelled_by FROM bookings WHERE id = ?")
      .bind(bookingId)
      .first();
    expect(booking).toEqual({ status: "cancelled", cancelled_by: "no-show" });
    expect(
      await env.DB.prepare("SELECT status FROM deposits WHERE id = ?").bind(depositId).first("status"),
    ).toBe("forfeited");

    // A second try, as a second tab or a double click would: refused, nothing charged again.
    const twice = await charge(bookingId, { kind: "no-show", amountCents: 10_000 });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ error: { code: "already_recorded" } });
    expect(fake.paymentIntents.size).toBe(1);

    const mail = recorder();
    await env.DB.prepare(
      "UPDATE mail_queue SET status = 'pending' WHERE request_id = ? AND topic = 'fee-receipt'",
    )
      .bind(id)
      .run();
    await deliverDepositMail(env, { provider: mail });
    const receipt = mail.sent.find((sent) => sent.subject.startsWith("Receipt"));
    expect(receipt?.subject).toBe("Receipt: $100 no-show fee");
    expect(receipt?.text).toContain("your VISA card ending 4242 was charged $100");
    expect(receipt?.text).toContain(intent?.id);
  });

  it("charges at most once when two confirmations race", async () => {
    const { id, quoteId } = await withSavedCard();
    const bookingId = await addBooking(id, quoteId, new Date(Date.now() - hour));
    const answers = await Promise.all([
      charge(bookingId, { kind: "no-show", amountCents: 10_000 }),
      charge(bookingId, { kind: "no-show", amountCents: 10_000 }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(fake.paymentIntents.size).toBe(1);
  });

  it("finishes a charge the worker left unfinished under the same idempotency key, but not one still running", async () => {
    const { id, quoteId } = await withSavedCard();
    const bookingId = await addBooking(id, quoteId, new Date(Date.now() - hour));
    const feeId = crypto.randomUUID();
    const claim = (updatedAt: string) =>
      env.DB.prepare(
        "INSERT OR REPLACE INTO session_fees (id, submission_id, booking_id, kind, amount_cents, status, attempt, created_at, updated_at) VALUES (?, ?, ?, 'no-show', 10000, 'charging', 1, ?, ?)",
      )
        .bind(feeId, id, bookingId, updatedAt, updatedAt)
        .run();
    await claim(new Date().toISOString());
    expect((await charge(bookingId, { kind: "no-show", amountCents: 10_000 })).status).toBe(409);
    await claim(new Date(Date.now() - 10 * 60_000).toISOString());
    expect((await charge(bookingId, { kind: "no-show", amountCents: 10_000 })).status).toBe(200);
    expect(fake.calls.find((c) => c.path === "/v1/payment_intents")?.headers["idempotency-key"]).toBe(
      `session-fee-${feeId}-1`,
    );
    expect(fake.paymentIntents.size).toBe(1);
  });

  it("shows a declined card and one asking for authentication with the reason, recorded, and may be tried again", async () => {
    const declined = await withSavedCard("0341");
    const bookingId = await addBooking(declined.id, declined.quoteId, new Date(Date.now() - hour));
    const answer = await charge(bookingId, { kind: "no-show", amountCents: 10_000 });
    expect(answer.status).toBe(402);
    const body = await answer.json<{ error: { code: string; message: string } }>();
    expect(body.error.code).toBe("generic_decline");
    expect(body.error.message).toBe("The card was declined: Your card was declined. Nothing was charged.");
    expect(await feeOf(bookingId)).toMatchObject({ status: "failed", failure_code: "generic_decline" });
    const state = await (
      await adminSend("GET", `/api/admin/session-fees/of/${declined.id}`, admin.cookie, undefined, cardEnv)
    ).json<{ fee: { status: string; failureMessage: string } }>();
    expect(state.fee).toMatchObject({ status: "failed", failureMessage: body.error.message });
    // Another try is a new attempt, with its own idempotency key; it is declined again.
    expect((await charge(bookingId, { kind: "no-show", amountCents: 10_000 })).status).toBe(402);
    expect(
      fake.calls.filter((c) => c.path === "/v1/payment_intents").map((c) => c.headers["idempotency-key"]),
    ).toEqual([
      `session-fee-${(await feeOf(bookingId))?.id}-1`,
      `session-fee-${(await feeOf(bookingId))?.id}-2`,
    ]);

    const strict = await withSavedCard("3155");
    const strictBooking = await addBooking(strict.id, strict.quoteId, new Date(Date.now() - hour));
    const refused = await charge(strictBooking, { kind: "no-show", amountCents: 10_000 });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({
      error: { code: "authentication_required", message: expect.stringContaining("approve this charge") },
    });
  });

  it("charges a late cancellation by the published tiers: half inside 48 hours, all of it under 24", async () => {
    const half = await withSavedCard();
    const start = Date.now() + 30 * hour;
    const halfId = await addBooking(half.id, half.quoteId, new Date(start), {
      status: "cancelled",
      cancelledBy: "client",
      cancelledAt: new Date().toISOString(),
    });
    expect((await charge(halfId, { kind: "late-cancellation", amountCents: 10_000 })).status).toBe(409);
    expect((await charge(halfId, { kind: "late-cancellation", amountCents: 5_000 })).status).toBe(200);
    const full = await withSavedCard();
    const fullId = await addBooking(full.id, full.quoteId, new Date(Date.now() + 10 * hour), {
      status: "cancelled",
      cancelledBy: "client",
      cancelledAt: new Date().toISOString(),
    });
    expect((await charge(fullId, { kind: "late-cancellation", amountCents: 10_000 })).status).toBe(200);
    expect([...fake.paymentIntents.values()].map((pi) => pi.amount)).toEqual([5_000, 10_000]);
    // The artist's own cancellation never costs the client.
    const studio = await withSavedCard();
    const studioId = await addBooking(studio.id, studio.quoteId, new Date(Date.now() + 10 * hour), {
      status: "cancelled",
      cancelledBy: "artist",
      cancelledAt: new Date().toISOString(),
    });
    const refused = await charge(studioId, { kind: "late-cancellation", amountCents: 10_000 });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { code: "not_eligible" } });
  });

  it("refuses bad input, a session not begun, an unknown session and an anonymous caller; records a no-show with no card", async () => {
    const { id, quoteId } = await withSavedCard();
    const later = await addBooking(id, quoteId, new Date(Date.now() + 72 * hour));
    expect((await charge(later, { kind: "bad", amountCents: 10_000 })).status).toBe(400);
    expect((await charge(later, { kind: "no-show", amountCents: -1 })).status).toBe(400);
    const early = await charge(later, { kind: "no-show", amountCents: 10_000 });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ error: { code: "not_eligible" } });
    expect((await charge("no-such-session", { kind: "no-show", amountCents: 10_000 })).status).toBe(404);
    const anonymous = await adminCall(
      `/api/admin/session-fees/${later}`,
      {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/json" },
        body: JSON.stringify({ kind: "no-show", amountCents: 10_000 }),
      },
      cardEnv,
    );
    expect(anonymous.status).toBe(401);
    const crossSite = await adminCall(
      `/api/admin/session-fees/${later}`,
      {
        method: "POST",
        headers: { Cookie: admin.cookie, Origin: "https://evil.example", "Content-Type": "application/json" },
        body: JSON.stringify({ kind: "no-show", amountCents: 10_000 }),
      },
      cardEnv,
    );
    expect(crossSite.status).toBe(403);
    expect((await adminSend("GET", "/api/admin/session-fees/of/no-such-request", admin.cookie)).status).toBe(
      404,
    );
    expect(fake.paymentIntents.size).toBe(0);

    const cashOnly = await readyToBook();
    const missed = await addBooking(cashOnly.id, cashOnly.quoteId, new Date(Date.now() - hour));
    const recorded = await charge(missed, { kind: "no-show", amountCents: 10_000 });
    expect(recorded.status).toBe(200);
    expect((await recorded.json<{ fee: { status: string } }>()).fee.status).toBe("not-charged");
    expect(fake.paymentIntents.size).toBe(0);
  });
});

describe("the counts of no-shows, late cancellations and fees", () => {
  it("count what was recorded between two dates, and refuse a period that ends before it starts", async () => {
    await env.DB.prepare("DELETE FROM session_fees").run();
    const { id } = await readyToBook();
    const row = (bookingId: string, kind: string, status: string, cents: number, at: string) =>
      env.DB.prepare(
        "INSERT INTO session_fees (id, submission_id, booking_id, kind, amount_cents, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
        .bind(crypto.randomUUID(), id, bookingId, kind, cents, status, at)
        .run();
    await row("b1", "no-show", "charged", 10_000, "2026-03-02T15:00:00.000Z");
    await row("b2", "late-cancellation", "charged", 5_000, "2026-03-10T15:00:00.000Z");
    await row("b3", "no-show", "failed", 10_000, "2026-03-20T15:00:00.000Z");
    await row("b4", "no-show", "charged", 10_000, "2026-04-01T00:00:00.000Z");
    const march = {
      noShows: 2,
      lateCancellations: 1,
      feesCharged: 2,
      feesChargedCents: 15_000,
      feesFailed: 1,
    };
    expect(
      await sessionFeeCounts(env.DB, { from: "2026-03-01T00:00:00.000Z", to: "2026-04-01T00:00:00.000Z" }),
    ).toEqual(march);
    const api = await adminSend(
      "GET",
      "/api/admin/session-fees/counts?from=2026-03-01&to=2026-04-01",
      admin.cookie,
    );
    expect(await api.json()).toEqual(march);
    expect(
      (await adminSend("GET", "/api/admin/session-fees/counts?from=2026-04-01&to=2026-03-01", admin.cookie))
        .status,
    ).toBe(400);
  });

  it("show on the dashboard's session figures for the period asked", async () => {
    await env.DB.prepare("DELETE FROM session_fees").run();
    const { id } = await readyToBook();
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    for (const [kind, status, cents, at] of [
      ["no-show", "charged", 10_000, daysAgo(3)],
      ["late-cancellation", "charged", 5_000, daysAgo(20)],
      ["no-show", "not-charged", 10_000, daysAgo(60)],
    ] as const)
      await env.DB.prepare(
        "INSERT INTO session_fees (id, submission_id, booking_id, kind, amount_cents, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
        .bind(crypto.randomUUID(), id, crypto.randomUUID(), kind, cents, status, at)
        .run();
    const figures = async (period: string) =>
      (
        (await (
          await adminSend("GET", `/api/admin/session-figures?period=${period}`, admin.cookie)
        ).json()) as {
          figures: Record<string, number>;
        }
      ).figures;
    expect(await figures("30d")).toMatchObject({
      noShows: 1,
      lateCancellations: 1,
      feesCharged: 2,
      feesChargedCents: 15_000,
    });
    expect(await figures("90d")).toMatchObject({ noShows: 2, lateCancellations: 1, feesCharged: 2 });
  });
});
