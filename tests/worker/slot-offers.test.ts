import { env } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cancelByArtist } from "../../worker/features/booking";
import { deliverOfferMail, handleFreedSlots } from "../../worker/features/waitlist/offers";
import { enforceRetention } from "../../worker/retention";
import { send as adminSend, ORIGIN, signedInAdmin } from "./admin-support";
import {
  acceptedQuote,
  addBooking,
  bookingRows,
  linkFor,
  offeredSlots,
  openPage,
  postForm,
  readyToBook,
} from "./booking-support";
import { seedContent } from "./content-support";
import { addConsultation } from "./inbox-support";
import { recorder } from "./request-support";
import { fakeTwilio, noQuietHours, routeTextsTo, smsEnv } from "./sms-support";
import { fakeStripeEnv } from "./stripe-support";
import { emptyTables, hour } from "./support";

// Freed-slot offers (docs/decisions/039-freed-slot-offers.md): the wishes on the status page, a
// cancelled session's time offered by e-mail, its private page, the race for it, the artist's
// setting and approvals, and the dashboard's figure.

let admin = { id: "", email: "", cookie: "" };

beforeAll(async () => {
  await seedContent();
  admin = await signedInAdmin();
});
// Each test its own calendar and its own waiting clients.
beforeEach(async () => {
  await emptyTables(
    "bookings",
    "slot_alerts",
    "freed_slots",
    "offer_settings",
    "mail_queue WHERE kind = 'slot-offer'",
  );
});

/** A client with an accepted quote (deposit paid unless told) who asked for a sooner time. */
async function waiting(
  wishes: [string, string][] = [],
  options: { deposit?: "paid" | null; name?: string } = {},
) {
  const request = await addConsultation({
    status: "contacted",
    name: options.name ?? "Wren Waiting",
    email: `${crypto.randomUUID()}@example.test`,
  });
  const token = await linkFor(request.id);
  await acceptedQuote(request.id, { deposit: options.deposit === null ? null : "paid" });
  const saved = await postFormRaw(`/requests/${token}/sooner`, new URLSearchParams(wishes));
  expect(saved.headers.get("Location")).toBe(`/requests/${token}?sooner=saved#sooner`);
  return { id: request.id, email: request.email, token };
}

/** A form post from the status page with repeated fields, as a browser sends ticked boxes. */
const postFormRaw = (path: string, body: URLSearchParams, origin = ORIGIN) =>
  openPage(path, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body,
    redirect: "manual",
  });

/** A session booked at a time at least four days away; `cancel` has the artist cancel it. */
async function bookATime() {
  const slots = await offeredSlots();
  const slot = slots.find((s) => Date.parse(s.startsAt) > Date.now() + 4 * 24 * hour);
  if (!slot) throw new Error("no slot far enough ahead");
  const booked = await readyToBook({ name: "Cass Cancelling" });
  const bookingId = await addBooking(booked.id, booked.quoteId, new Date(slot.startsAt));
  return {
    startsAt: slot.startsAt,
    cancel: async () => expect(await cancelByArtist(env.DB, bookingId, new Date(), admin)).toBe(true),
  };
}

/** A booked time, cancelled by the artist: the freed time. */
async function freeATime() {
  const time = await bookATime();
  await time.cancel();
  return time;
}

/** Handles the freed times, sends their e-mails, and returns each offer's link token by address. */
async function offersSent() {
  await handleFreedSlots(env, new Date());
  const mail = recorder();
  await deliverOfferMail(env, { provider: mail, limit: 100 });
  return new Map(
    mail.sent.map((note) => [note.to, note.text.match(/\/offers\/([A-Za-z0-9_-]{43})/)?.[1] ?? ""]),
  );
}

const take = (token: string, origin = ORIGIN, overrides: Partial<Env> = {}) =>
  openPage(
    `/offers/${token}`,
    {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
      redirect: "manual",
    },
    overrides,
  );

const studioWeekday = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", weekday: "long" }).format(new Date(iso));
const weekdayNumber = (iso: string) =>
  ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"].indexOf(studioWeekday(iso));

describe("the status page's 'Hear of a sooner time' card", () => {
  it("appears with an accepted quote, saves the client's days, parts of the day and dates, and stops", async () => {
    const request = await addConsultation({ status: "contacted" });
    const token = await linkFor(request.id);
    expect(await (await openPage(token)).text()).not.toContain("Hear of a sooner time");
    await acceptedQuote(request.id, { deposit: null });
    const page = await (await openPage(token)).text();
    expect(page).toContain("Hear of a sooner time");
    expect(page).toContain("Tell me if a time frees up");

    const body = new URLSearchParams([
      ["weekday", "6"],
      ["weekday", "0"],
      ["part", "morning"],
      ["date", "2030-01-05"],
      ["date", ""],
    ]);
    const saved = await postFormRaw(`/requests/${token}/sooner`, body);
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`/requests/${token}?sooner=saved#sooner`);
    const row = await env.DB.prepare(
      "SELECT weekdays, day_parts, dates FROM slot_alerts WHERE submission_id = ?",
    )
      .bind(request.id)
      .first();
    expect(row).toEqual({ weekdays: "[0,6]", day_parts: '["morning"]', dates: '["2030-01-05"]' });
    const after = await (await openPage(`/requests/${token}?sooner=saved`)).text();
    expect(after).toContain("We will e-mail you if a time you can make frees up.");
    expect(after).toMatch(/value="6" checked/);

    const off = await postForm(`/requests/${token}/sooner/off`, {});
    expect(off.headers.get("Location")).toBe(`/requests/${token}?sooner=off#sooner`);
    expect(
      await env.DB.prepare("SELECT 1 FROM slot_alerts WHERE submission_id = ?").bind(request.id).first(),
    ).toBeNull();
  });

  it("refuses bad input and saves nothing; another site's post and an unknown link are refused", async () => {
    const request = await addConsultation({ status: "contacted" });
    const token = await linkFor(request.id);
    await acceptedQuote(request.id);
    for (const fields of [{ part: "midnight" }, { weekday: "9" }, { date: "next tuesday" }] as Record<
      string,
      string
    >[]) {
      const answer = await postForm(`/requests/${token}/sooner`, fields);
      expect(answer.headers.get("Location")).toBe(`/requests/${token}?sooner=invalid#sooner`);
    }
    expect(await env.DB.prepare("SELECT count(*) AS n FROM slot_alerts").first("n")).toBe(0);
    expect(
      (await postForm(`/requests/${token}/sooner`, { part: "morning" }, "https://evil.test")).status,
    ).toBe(403);
    expect((await postForm(`/requests/${"x".repeat(43)}/sooner`, { part: "morning" })).status).toBe(404);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM slot_alerts").first("n")).toBe(0);
  });
});

describe("a cancelled session's time, offered", () => {
  it("is e-mailed to the waiting clients it suits; the first to take it has it and the others are told", async () => {
    const time = await bookATime();
    const { startsAt } = time;
    const anyTime = await waiting([], { name: "Ada Anytime" });
    const sameDay = await waiting([["weekday", String(weekdayNumber(startsAt))]], { name: "Dee Sameday" });
    const otherDay = await waiting([["weekday", String((weekdayNumber(startsAt) + 1) % 7)]]);
    const tooLong = await addConsultation({
      status: "contacted",
      email: `${crypto.randomUUID()}@example.test`,
    });
    const longToken = await linkFor(tooLong.id);
    await acceptedQuote(tooLong.id, { sessionMinutes: 360 });
    await postForm(`/requests/${longToken}/sooner`, {});
    await time.cancel();

    const tokens = await offersSent();
    expect([...tokens.keys()].sort()).toEqual([anyTime.email, sameDay.email].sort());
    expect(tokens.has(otherDay.email)).toBe(false);
    const link = tokens.get(anyTime.email) ?? "";
    expect(link).toHaveLength(43);
    // Only the token's hash is stored.
    const stored = await env.DB.prepare("SELECT token_hash FROM slot_offers WHERE token_hash = ?")
      .bind(link)
      .first();
    expect(stored).toBeNull();

    const page = await openPage(`/offers/${link}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex");
    const html = await page.text();
    expect(html).toContain("A time has freed up");
    expect(html).toContain(studioWeekday(startsAt));
    expect(html).toContain("Take this time");

    const won = await take(link);
    expect(won.status).toBe(303);
    expect(won.headers.get("Location")).toBe(`/offers/${link}`);
    expect((await bookingRows(anyTime.id)).map((row) => [row.starts_at, row.status])).toEqual([
      [startsAt, "booked"],
    ]);
    expect(await (await openPage(`/offers/${link}`)).text()).toContain("This time is yours");
    // A replay (a double click, a reload of the post) books nothing more.
    expect((await take(link)).status).toBe(303);
    expect(await bookingRows(anyTime.id)).toHaveLength(1);

    // The other client's link says plainly it has gone, and they get a short e-mail.
    const other = tokens.get(sameDay.email) ?? "";
    const gonePage = await openPage(`/offers/${other}`);
    expect(gonePage.status).toBe(200);
    expect(await gonePage.text()).toContain("This time has gone");
    const late = await take(other);
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("This time has gone");
    expect(await bookingRows(sameDay.id)).toHaveLength(0);
    // Their "gone" e-mail went with the winning post's own pass.
    const gone = await env.DB.prepare(
      "SELECT request_id AS who, status FROM mail_queue WHERE kind = 'slot-offer' AND topic = 'gone'",
    ).all();
    expect(gone.results).toEqual([{ who: sameDay.id, status: "sent" }]);

    // Counted once as a refill.
    const figures = await adminSend("GET", "/api/admin/session-figures?period=30d", admin.cookie);
    expect(figures.status).toBe(200);
    expect(await figures.json()).toMatchObject({ period: "30d", figures: { slotsRefilled: 1 } });
  });

  it("answers an unknown, malformed or ended link plainly, a client without a paid deposit is asked to pay first and one without a card to save it", async () => {
    const unpaid = await waiting([], { deposit: null });
    const paid = await waiting([]);
    await freeATime();
    const tokens = await offersSent();

    for (const path of [`/offers/${"A".repeat(43)}`, "/offers/short", "/offers/"]) {
      const answer = await openPage(path);
      expect(answer.status).toBe(404);
    }
    expect((await take("A".repeat(43))).status).toBe(404);
    expect(await (await openPage(`/offers/${"A".repeat(43)}`)).text()).toContain(
      "This link does not open an offer",
    );

    const unpaidLink = tokens.get(unpaid.email) ?? "";
    const refused = await take(unpaidLink);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Your deposit is not paid yet");
    expect(await bookingRows(unpaid.id)).toHaveLength(0);

    // While the studio keeps cards on file, a paid client with none saved is asked to save one
    // first, as on their own page: nothing is booked and the time stays offered.
    const cardsKept = { ...fakeStripeEnv("whsec_offers"), STRIPE_CARD_ON_FILE: "on" };
    const cardless = await take(tokens.get(paid.email) ?? "", ORIGIN, cardsKept);
    expect(cardless.status).toBe(409);
    expect(await cardless.text()).toContain("A card on file is needed to book a session");
    expect(await bookingRows(paid.id)).toHaveLength(0);

    // Another site's post is refused before anything is read.
    expect((await take(tokens.get(paid.email) ?? "", "https://evil.test")).status).toBe(403);

    // Past its expiry the offer has ended: nothing is booked.
    await env.DB.prepare("UPDATE freed_slots SET expires_at = ?")
      .bind(new Date(Date.now() - 1000).toISOString())
      .run();
    const ended = await openPage(`/offers/${tokens.get(paid.email)}`);
    expect(ended.status).toBe(410);
    expect(await ended.text()).toContain("This offer has ended");
    expect((await take(tokens.get(paid.email) ?? "")).status).toBe(410);
    expect(await bookingRows(paid.id)).toHaveLength(0);
  });

  it("the client's own cancel form frees the time and offers it straight away", async () => {
    const waiter = await waiting([]);
    const slots = await offeredSlots();
    const slot = slots.find((s) => Date.parse(s.startsAt) > Date.now() + 4 * 24 * hour);
    const booked = await readyToBook();
    await addBooking(booked.id, booked.quoteId, new Date(slot?.startsAt ?? ""));
    const cancelled = await postForm(`/requests/${booked.token}/booking/cancel`, { tier: "transfer" });
    expect(cancelled.status).toBe(303);
    const offers = await env.DB.prepare(
      "SELECT o.submission_id AS who, f.starts_at AS startsAt, f.status AS status FROM slot_offers o JOIN freed_slots f ON f.id = o.freed_slot_id",
    ).all();
    expect(offers.results).toEqual([{ who: waiter.id, startsAt: slot?.startsAt, status: "offered" }]);
    // The e-mail went with the route's own pass.
    expect(
      await env.DB.prepare("SELECT status FROM mail_queue WHERE kind = 'slot-offer' AND request_id = ?")
        .bind(waiter.id)
        .first("status"),
    ).toBe("sent");
  });

  it("a move frees the old time too", async () => {
    await waiting([]);
    const mover = await readyToBook();
    const slots = (await offeredSlots()).filter((s) => Date.parse(s.startsAt) > Date.now() + 4 * 24 * hour);
    const [first, later] = [slots[0]?.startsAt ?? "", slots.at(-1)?.startsAt ?? ""];
    await addBooking(mover.id, mover.quoteId, new Date(first));
    expect((await postForm(`/requests/${mover.token}/booking`, { startsAt: later })).status).toBe(303);
    const freed = await env.DB.prepare("SELECT starts_at AS startsAt, status FROM freed_slots").all();
    expect(freed.results).toEqual([{ startsAt: first, status: "offered" }]);
  });

  it("gives the time to exactly one of 20 clients taking it at once; the 19 others are told it has gone", async () => {
    const clients = await Promise.all(
      Array.from({ length: 20 }, (_, i) => waiting([], { name: `Racer ${i}` })),
    );
    await freeATime();
    const tokens = await offersSent();
    expect(tokens.size).toBe(20);
    const answers = await Promise.all(clients.map((client) => take(tokens.get(client.email) ?? "")));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 303)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const answer of answers.filter((a) => a.status === 409))
      expect(await answer.text()).toContain("This time has gone");
    // Nothing half-saved: one booked session at the time, the freed time closed by it, and each
    // of the 19 others a "gone" e-mail and no session.
    const winner = clients[statuses.indexOf(303)];
    const booked = await env.DB.prepare(
      "SELECT submission_id AS who, id FROM bookings WHERE status = 'booked'",
    ).all<{
      who: string;
      id: string;
    }>();
    expect(booked.results.map((row) => row.who)).toEqual([winner?.id]);
    const freed = await env.DB.prepare(
      "SELECT status, taken_booking_id AS taken, via_offer AS via FROM freed_slots",
    ).first();
    expect(freed).toEqual({ status: "closed", taken: booked.results[0]?.id, via: 1 });
    expect(
      await env.DB.prepare(
        "SELECT count(*) AS n FROM mail_queue WHERE kind = 'slot-offer' AND topic = 'gone'",
      ).first("n"),
    ).toBe(19);
  });
});

describe("by text, for a client who turned text reminders on", () => {
  it("offers the time by text instead of e-mail, the link kept out of the log; the e-mail stays for the others", async () => {
    const fake = fakeTwilio(async () => new Response(null, { status: 204 }));
    routeTextsTo(fake);
    vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const texting = await waiting([], { name: "Tess Texting" });
      const mailing = await waiting([], { name: "Emil Mailing" });
      await env.DB.batch([
        env.DB.prepare(
          "INSERT INTO text_opt_ins (submission_id, phone, status, confirmed_at, updated_at) VALUES (?1, '+13015550123', 'on', ?2, ?2)",
        ).bind(texting.id, new Date().toISOString()),
        noQuietHours(),
      ]);
      await freeATime();
      await handleFreedSlots(env, new Date());
      const mail = recorder();
      await deliverOfferMail({ ...env, ...smsEnv } as Env, { provider: mail });
      expect(mail.sent.map((note) => note.to)).toEqual([mailing.email]);
      expect(fake.sent).toHaveLength(1);
      expect(fake.sent[0]?.to).toBe("+13015550123");
      const link = /\/offers\/[A-Za-z0-9_-]{43}/.exec(fake.sent[0]?.body ?? "")?.[0] ?? "";
      expect(link).not.toBe("");
      expect(await (await openPage(link)).text()).toContain("Take this time");
      const logged = await env.DB.prepare("SELECT kind, body FROM text_messages WHERE submission_id = ?")
        .bind(texting.id)
        .first<{ kind: string; body: string }>();
      expect(logged?.kind).toBe("offer");
      expect(logged?.body).toContain("(private link)");
      expect(logged?.body).not.toContain("/offers/");
    } finally {
      vi.restoreAllMocks();
      await emptyTables("text_opt_ins", "text_settings");
    }
  });
});

describe("the artist's setting and approvals", () => {
  it("needs her signed in, and refuses a mode that does not exist", async () => {
    const outsider = await adminSend("GET", "/api/admin/offers", "");
    expect(outsider.status).toBe(401);
    expect((await adminSend("PUT", "/api/admin/offers/settings", "", { mode: "off" })).status).toBe(401);
    expect((await adminSend("POST", "/api/admin/offers/x/send", "")).status).toBe(401);
    expect((await adminSend("GET", "/api/admin/session-figures", "")).status).toBe(401);
    const bad = await adminSend("PUT", "/api/admin/offers/settings", admin.cookie, { mode: "sometimes" });
    expect(bad.status).toBe(400);
    expect((await adminSend("GET", "/api/admin/session-figures?period=week", admin.cookie)).status).toBe(400);
    expect(await (await adminSend("GET", "/api/admin/offers", admin.cookie)).json()).toEqual({
      mode: "auto",
      awaiting: [],
    });
  });

  it("'approve each' holds the freed time with who would get it until she sends it, once", async () => {
    const saved = await adminSend("PUT", "/api/admin/offers/settings", admin.cookie, { mode: "approve" });
    expect(saved.status).toBe(200);
    const waiter = await waiting([], { name: "Pia Approved" });
    const { startsAt } = await freeATime();
    expect(await offersSent()).toEqual(new Map());
    const view = (await (await adminSend("GET", "/api/admin/offers", admin.cookie)).json()) as {
      mode: string;
      awaiting: { id: string; startsAt: string; clients: { id: string; name: string }[] }[];
    };
    expect(view.mode).toBe("approve");
    expect(view.awaiting).toEqual([
      expect.objectContaining({ startsAt, clients: [{ id: waiter.id, name: "Pia Approved" }] }),
    ]);
    const id = view.awaiting[0]?.id ?? "";
    const sent = await adminSend("POST", `/api/admin/offers/${id}/send`, admin.cookie);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ status: "sent" });
    expect((await adminSend("POST", `/api/admin/offers/${id}/send`, admin.cookie)).status).toBe(404);
    expect((await adminSend("POST", "/api/admin/offers/no-such-id/send", admin.cookie)).status).toBe(404);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM slot_offers WHERE submission_id = ?")
        .bind(waiter.id)
        .first("n"),
    ).toBe(1);
  });

  it("'off' records no freed time and hides the card", async () => {
    await adminSend("PUT", "/api/admin/offers/settings", admin.cookie, { mode: "off" });
    const waiter = await waiting([]);
    await freeATime();
    expect(await env.DB.prepare("SELECT count(*) AS n FROM freed_slots").first("n")).toBe(0);
    expect(await (await openPage(waiter.token)).text()).not.toContain("Hear of a sooner time");
  });
});

describe("retention", () => {
  it("deletes wishes 90 days after last saved and offers after 30", async () => {
    const old = await waiting([]);
    const fresh = await waiting([]);
    await freeATime();
    await offersSent();
    const longAgo = new Date(Date.now() - 91 * 24 * hour).toISOString();
    await env.DB.batch([
      env.DB.prepare("UPDATE slot_alerts SET updated_at = ? WHERE submission_id = ?").bind(longAgo, old.id),
      env.DB.prepare("UPDATE slot_offers SET created_at = ?").bind(longAgo),
    ]);
    await enforceRetention(env.DB, new Date());
    const left = await env.DB.prepare("SELECT submission_id AS id FROM slot_alerts").all();
    expect(left.results).toEqual([{ id: fresh.id }]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM slot_offers").first("n")).toBe(0);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM mail_queue WHERE kind = 'slot-offer'").first("n"),
    ).toBe(0);
  });
});
