import { env } from "cloudflare:test";
import ICAL from "ical.js";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  bookSlot,
  cancelByArtist,
  deliverBookingMail,
  markSessionDone,
  sessionIcs,
} from "../../worker/features/booking";
import { foldLine } from "../../worker/features/booking/ics";
import { studioTime } from "../../worker/platform/studio-clock";
import { expectOneGotTheTime } from "../support/booking-race";
import {
  acceptedQuote,
  addBooking,
  bookingRows,
  depositStatus,
  inboxStatus,
  linkFor,
  mailKinds,
  offeredSlots,
  openPage,
  postForm,
  readyToBook,
} from "./booking-support";
import { seedContent } from "./content-support";
import { addConsultation } from "./inbox-support";
import { recorder } from "./request-support";
import { post, validConsultation } from "./submission-support";
import { hour } from "./support";

// The published content: the page's layout, and the hours and closures the calendar reads.
beforeAll(seedContent);
// Every test starts from an empty calendar. The tests read the first week the page shows, and
// the sessions earlier tests booked would otherwise fill it whenever it has few session days
// left (a Thursday afternoon, with 48 hours' notice, leaves three).
beforeEach(async () => {
  await env.DB.prepare("DELETE FROM bookings").run();
});
const inHours = (hours: number) => new Date(Date.now() + hours * hour);

describe("the booking part of the status page", () => {
  it("appears only once the accepted quote's deposit is paid", async () => {
    const request = await addConsultation({ status: "contacted" });
    const token = await linkFor(request.id);
    await acceptedQuote(request.id, { deposit: "pending" });
    expect(await (await openPage(token)).text()).not.toContain("Book your session");

    const ready = await readyToBook();
    const [first] = await offeredSlots();
    const html = await (await openPage(ready.token)).text();
    expect(html).toContain("Book your session");
    expect(html).toContain("It lasts 3 hours");
    expect(html).toContain(`value="${first?.startsAt}"`);
    expect(html).toContain("Times are the studio&#39;s (Eastern");
    expect(html).toContain("Under 24 hours or no-show: the full deposit is forfeited");
  });

  it("keeps a paid deposit through a revised quote: the client accepts the new one and books its length", async () => {
    const ready = await readyToBook();
    // The artist revises the quote after the deposit: the first is withdrawn, the new one sent.
    await env.DB.prepare("UPDATE quotes SET status = 'withdrawn' WHERE id = ?").bind(ready.quoteId).run();
    const revised = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO quotes (id, submission_id, price_min_cents, price_max_cents, sessions, session_minutes, deposit_cents, status) VALUES (?, ?, 70000, 70000, 1, 240, 10000, 'sent')",
    )
      .bind(revised, ready.id)
      .run();
    expect(await (await openPage(ready.token)).text()).not.toContain("Book your session");
    await env.DB.prepare("UPDATE quotes SET status = 'accepted', accepted_at = ? WHERE id = ?")
      .bind(new Date().toISOString(), revised)
      .run();
    const html = await (await openPage(ready.token)).text();
    expect(html).toContain("Book your session");
    expect(html).toContain("It lasts 4 hours");
    expect(html).not.toContain("Pay the $100 deposit");
    const [slot] = await offeredSlots(240);
    expect(
      (await postForm(`/requests/${ready.token}/booking`, { startsAt: slot?.startsAt ?? "" })).status,
    ).toBe(303);
    const booked = await env.DB.prepare(
      "SELECT quote_id, starts_at, ends_at FROM bookings WHERE submission_id = ?",
    )
      .bind(ready.id)
      .first<{ quote_id: string; starts_at: string; ends_at: string }>();
    expect(booked?.quote_id).toBe(revised);
    expect(Date.parse(booked?.ends_at ?? "") - Date.parse(booked?.starts_at ?? "")).toBe(4 * hour);
    // The same deposit, still the one the tiers apply to.
    expect(await depositStatus(ready.depositId)).toBe("paid");
  });

  it("shows the visitor's own time beside the studio's when their zone's clock differs", async () => {
    const { token } = await readyToBook();
    const far = await openPage(token, { cf: { timezone: "America/Los_Angeles" } } as RequestInit);
    const html = await far.text();
    expect(html).toMatch(/with yours \(Pacific (Standard|Daylight) Time\)/);
    const [first] = await offeredSlots();
    const pacific = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Los_Angeles",
      hour: "numeric",
      minute: "2-digit",
    }).format(new Date(first?.startsAt ?? ""));
    expect(html).toContain(`${pacific} yours`);
    const near = await (await openPage(token, { cf: { timezone: "America/Detroit" } } as RequestInit)).text();
    expect(near).not.toContain("booking-slot__yours");
    expect(near).not.toContain("with yours");
  });

  it("pages the calendar by week", async () => {
    const { token } = await readyToBook();
    const slots = await offeredSlots();
    const week0 = await (await openPage(`/requests/${token}?week=0`)).text();
    const week1 = await (await openPage(`/requests/${token}?week=1`)).text();
    expect(week0).toContain(`value="${slots[0]?.startsAt}"`);
    expect(week1).not.toContain(`value="${slots[0]?.startsAt}"`);
    expect(week1).toContain("Earlier week");
    const clamped = await openPage(`/requests/${token}?week=999`);
    expect(clamped.status).toBe(200);
    expect(await clamped.text()).not.toContain("Later week");
  });
});

describe("POST /requests/<token>/booking", () => {
  it("books an offered time: the session, the inbox status, the e-mails, then the page shows it", async () => {
    const { id, token } = await readyToBook();
    const [slot] = await offeredSlots();
    const response = await postForm(`/requests/${token}/booking`, { startsAt: slot?.startsAt ?? "" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/requests/${token}?booked=1#booking`);
    const [row] = await bookingRows(id);
    expect(row).toMatchObject({ starts_at: slot?.startsAt, ends_at: slot?.endsAt, status: "booked" });
    expect(await inboxStatus(id)).toBe("scheduled");
    expect(await mailKinds(id)).toEqual([
      { kind: "artist-booked", status: "sent" },
      { kind: "confirmation", status: "sent" },
    ]);
    const html = await (await openPage(`/requests/${token}?booked=1`)).text();
    expect(html).toContain("Your session is booked.");
    expect(html).toContain(`/requests/${token}/booking.ics`);
    expect(html).toContain("Where it stands: Booked");
    expect(html).toContain("9012 Main Street");
  });

  it("refuses a form without a time, naming the field, and saves nothing", async () => {
    const { id, token } = await readyToBook();
    const response = await postForm(`/requests/${token}/booking`, { startsAt: "tomorrow" });
    // A plain form's answer is a page the browser shows, never the API's JSON.
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain("That form could not be read");
    expect(html).toContain("Choose a time from the list");
    expect(html).toContain(`href="/requests/${token}"`);
    expect(await bookingRows(id)).toEqual([]);
  });

  it("refuses a booking or cancel form past 4 KiB with a page, before reading it, and saves nothing", async () => {
    const { id, token } = await readyToBook();
    const [slot] = await offeredSlots();
    for (const path of ["booking", "booking/cancel"]) {
      const response = await postForm(`/requests/${token}/${path}`, {
        startsAt: slot?.startsAt ?? "",
        tier: "full",
        padding: "x".repeat(8 * 1024),
      });
      expect(response.status).toBe(413);
      expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      expect(await response.text()).toContain("That was too large to send");
    }
    expect(await bookingRows(id)).toEqual([]);
    // The link is resolved first: a wrong one is not found, whatever the body.
    const wrong = await postForm(`/requests/${"x".repeat(43)}/booking`, { padding: "x".repeat(8 * 1024) });
    expect(wrong.status).toBe(404);
  });

  it("refuses a time the calendar does not offer (off the grid, or after closing)", async () => {
    const { id, token } = await readyToBook();
    const [slot] = await offeredSlots();
    const offGrid = new Date(Date.parse(slot?.startsAt ?? "") + 15 * 60_000).toISOString();
    const response = await postForm(`/requests/${token}/booking`, { startsAt: offGrid });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("That time cannot be booked");
    expect(await bookingRows(id)).toEqual([]);
    expect(await inboxStatus(id)).toBe("contacted");
  });

  it("refuses a request whose deposit is not paid", async () => {
    const request = await addConsultation({ status: "contacted" });
    const token = await linkFor(request.id);
    await acceptedQuote(request.id, { deposit: "pending" });
    const [slot] = await offeredSlots();
    const response = await postForm(`/requests/${token}/booking`, { startsAt: slot?.startsAt ?? "" });
    expect(response.status).toBe(400);
    expect(await bookingRows(request.id)).toEqual([]);
  });

  it("answers a wrong token with the not-found page, and a post from elsewhere with 403", async () => {
    const { id, token } = await readyToBook();
    const [slot] = await offeredSlots();
    const wrong = await postForm(`/requests/${"x".repeat(43)}/booking`, { startsAt: slot?.startsAt ?? "" });
    expect(wrong.status).toBe(404);
    const elsewhere = await postForm(
      `/requests/${token}/booking`,
      { startsAt: slot?.startsAt ?? "" },
      "https://evil.test",
    );
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.text()).toContain("That form must be sent from its own page");
    expect(await bookingRows(id)).toEqual([]);
  });

  it("gives one time to exactly one of 20 clients racing for it; the 19 others see fresh times", async () => {
    const clients = await Promise.all(
      Array.from({ length: 20 }, (_, i) => readyToBook({ name: `Client ${i}` })),
    );
    const [slot] = await offeredSlots();
    const startsAt = slot?.startsAt ?? "";
    const responses = await Promise.all(
      clients.map((client) => postForm(`/requests/${client.token}/booking`, { startsAt })),
    );
    expect(responses).toHaveLength(20);
    // The 19 others see the fresh times to choose from.
    for (const html of await expectOneGotTheTime(responses, startsAt)) expect(html).toContain('type="radio"');
    const { results } = await env.DB.prepare(
      "SELECT count(*) AS n FROM bookings WHERE status = 'booked' AND starts_at = ?",
    )
      .bind(startsAt)
      .all<{ n: number }>();
    expect(results[0]?.n).toBe(1);
  });

  it("moves a session with 48 hours' notice: the old one is cancelled in the same step", async () => {
    const { id, token, depositId } = await readyToBook();
    const slots = await offeredSlots();
    const first = slots[0]?.startsAt ?? "";
    await postForm(`/requests/${token}/booking`, { startsAt: first });
    const later = slots.find((slot) => Date.parse(slot.startsAt) > Date.parse(first) + 7 * 24 * hour);
    const page = await (await openPage(`/requests/${token}?reschedule=1`)).text();
    expect(page).toContain("Move your session");
    // The current time is named above the list, and shown in it but not offered.
    expect(page).toMatch(/Your current time: <strong>\w+day, /);
    expect(page).toMatch(new RegExp(`value="${first}" required="" disabled=""`));
    expect(page).toContain("your current time</span>");
    // Moving to the time it already has changes nothing and costs no change.
    const same = await postForm(`/requests/${token}/booking`, { startsAt: first });
    expect(same.headers.get("Location")).toBe(`/requests/${token}?booking=unchanged#booking`);
    expect((await bookingRows(id)).map((row) => row.status)).toEqual(["booked"]);
    expect(await (await openPage(`/requests/${token}?booking=unchanged`)).text()).toContain(
      "That is already your session&#39;s time: nothing changed.",
    );
    const moved = await postForm(`/requests/${token}/booking`, { startsAt: later?.startsAt ?? "" });
    expect(moved.status).toBe(303);
    const rows = await bookingRows(id);
    expect(rows.map((row) => [row.starts_at, row.status])).toEqual([
      [first, "cancelled"],
      [later?.startsAt, "booked"],
    ]);
    expect(await depositStatus(depositId)).toBe("paid");
  });

  it("lets the client change a session three times, then asks for a call; the artist's cancellations never count", async () => {
    const { id, token } = await readyToBook();
    // One time a day, each on its own day, so no two are inside each other's buffer.
    const days = new Map<string, string>();
    for (const slot of await offeredSlots())
      days.set(slot.startsAt.slice(0, 10), days.get(slot.startsAt.slice(0, 10)) ?? slot.startsAt);
    const times = [...days.values()];
    const book = (at: number) => postForm(`/requests/${token}/booking`, { startsAt: times[at] ?? "" });
    expect((await book(0)).status).toBe(303);
    expect(await (await openPage(token)).text()).toContain(
      "You can change your time 3 more times from this page.",
    );
    expect((await book(1)).status).toBe(303);
    expect((await book(2)).status).toBe(303);
    expect(await (await openPage(token)).text()).toContain(
      "You can change your time once more from this page.",
    );
    expect((await book(3)).status).toBe(303);
    const page = await (await openPage(token)).text();
    const limit =
      "This session has been changed 3 times from this page. To change it again, please call the studio at (301) 555-0142.";
    expect(page).toContain(limit);
    expect(page).not.toContain("Choose another time");
    // Past the limit, a move is refused with the page saying so, and the session stays put.
    const refused = await book(4);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(limit);
    const reschedule = await (await openPage(`/requests/${token}?reschedule=1`)).text();
    expect(reschedule).not.toContain("Move your session");
    expect(
      (await bookingRows(id)).filter((row) => row.status === "booked").map((row) => row.starts_at),
    ).toEqual([times[3]]);
    // Cancelling stays possible; booking again after it is a change, so it waits for a call.
    expect((await postForm(`/requests/${token}/booking/cancel`, { tier: "transfer" })).status).toBe(303);
    expect((await book(5)).status).toBe(409);

    // The artist cancelling is her change: the client books again from the page.
    const again = await readyToBook();
    const bookAgain = (at: number) =>
      postForm(`/requests/${again.token}/booking`, { startsAt: times[at] ?? "" });
    expect((await bookAgain(6)).status).toBe(303);
    for (const at of [7, 8, 9]) expect((await bookAgain(at)).status).toBe(303);
    const [live] = (await bookingRows(again.id)).filter((row) => row.status === "booked");
    expect(
      await cancelByArtist(env.DB, live?.id ?? "", new Date(), {
        id: "admin-1",
        email: "artist@studio.test",
      }),
    ).toBe(true);
    expect((await bookAgain(10)).status).toBe(303);
  });

  it("does not move a session inside 48 hours", async () => {
    const { id, token, quoteId } = await readyToBook();
    await addBooking(id, quoteId, inHours(30));
    const page = await (await openPage(token)).text();
    expect(page).not.toContain("Choose another time");
    expect(page).toContain("call the studio");
    const [slot] = await offeredSlots();
    const response = await postForm(`/requests/${token}/booking`, { startsAt: slot?.startsAt ?? "" });
    expect(response.status).toBe(400);
    expect((await bookingRows(id)).map((row) => row.status)).toEqual(["booked"]);
  });
});

describe("a quote of several sessions", () => {
  const artist = { id: "admin-1", email: "artist@studio.test" };
  /** The live session moved to have begun an hour ago, then marked done as the artist does. */
  async function doneNow(id: string) {
    const [live] = (await bookingRows(id)).filter((row) => row.status === "booked");
    await env.DB.prepare("UPDATE bookings SET starts_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - hour).toISOString(), live?.id)
      .run();
    expect((await markSessionDone(env.DB, live?.id ?? "", new Date(), artist)).outcome).toBe("done");
  }

  it("books each session in turn on the one deposit, then no more", async () => {
    const { id, token } = await readyToBook({ sessions: 2 });
    const days = [
      ...new Map((await offeredSlots()).map((slot) => [slot.startsAt.slice(0, 10), slot])).values(),
    ];
    /** Session n of 2 booked from the page that offers it, on the given day; then done. */
    const bookThenDone = async (n: number, day: number) => {
      expect(await (await openPage(token)).text()).toContain(`Book your session (session ${n} of 2)`);
      const booked = await postForm(`/requests/${token}/booking`, { startsAt: days[day]?.startsAt ?? "" });
      expect(booked.status).toBe(303);
      expect(await (await openPage(token)).text()).toContain(`Your session (session ${n} of 2)`);
      await doneNow(id);
    };

    await bookThenDone(1, 0);
    // More to come: the request stays scheduled, and the page offers the next session.
    expect(await inboxStatus(id)).toBe("scheduled");
    const between = await (await openPage(token)).text();
    expect(between).toContain("Where it stands: Booked");
    expect(between).toContain("Session 1 of 2 is done: choose when session 2 starts.");
    expect(between).toContain("your quote has more to come");
    await bookThenDone(2, 2);

    expect(await inboxStatus(id)).toBe("completed");
    const done = await (await openPage(token)).text();
    expect(done).toContain("Where it stands: Completed");
    expect(done).not.toContain(`action="/requests/${token}/booking"`);
    // Every session done: the deposit books nothing more.
    const more = await postForm(`/requests/${token}/booking`, { startsAt: days[4]?.startsAt ?? "" });
    expect(more.status).toBe(400);
    expect((await bookingRows(id)).map((row) => row.status)).toEqual(["completed", "completed"]);
  });

  it("a quote of one session books nothing more once it is done", async () => {
    const { id, token } = await readyToBook();
    const [slot, , later] = await offeredSlots();
    await postForm(`/requests/${token}/booking`, { startsAt: slot?.startsAt ?? "" });
    await doneNow(id);
    expect((await postForm(`/requests/${token}/booking`, { startsAt: later?.startsAt ?? "" })).status).toBe(
      400,
    );
    expect((await bookingRows(id)).map((row) => row.status)).toEqual(["completed"]);
  });
});

describe("cancelling, by the deposit policy's tiers", () => {
  it("with 48 hours or more: the deposit stays paid and the calendar opens again", async () => {
    const { id, token, depositId } = await readyToBook();
    const [slot] = await offeredSlots();
    await postForm(`/requests/${token}/booking`, { startsAt: slot?.startsAt ?? "" });
    const asked = await (await openPage(`/requests/${token}?cancel=1`)).text();
    expect(asked).toContain(
      "If you cancel now, your deposit stays paid and holds a new date: choose one on this page whenever you are ready.",
    );
    const response = await postForm(`/requests/${token}/booking/cancel`, { tier: "transfer" });
    expect(response.status).toBe(303);
    expect((await bookingRows(id))[0]?.status).toBe("cancelled");
    expect(await depositStatus(depositId)).toBe("paid");
    expect(await inboxStatus(id)).toBe("contacted");
    const html = await (await openPage(`/requests/${token}?cancelled=1`)).text();
    expect(html).toContain("Your session is cancelled.");
    expect(html).toContain("your deposit holds a new date");
    expect(html).toContain(`value="${slot?.startsAt}"`);
  });

  it("24 to 47 hours ahead: the page says half the deposit is kept before the client confirms, then keeps it", async () => {
    const { id, token, quoteId, depositId } = await readyToBook();
    await addBooking(id, quoteId, inHours(30));
    const asked = await (await openPage(`/requests/${token}?cancel=1`)).text();
    expect(asked).toContain("If you cancel now, the studio keeps half of your deposit");
    expect(asked).toContain('name="tier" value="half-kept"');
    const response = await postForm(`/requests/${token}/booking/cancel`, { tier: "half-kept" });
    expect(response.status).toBe(303);
    expect(await depositStatus(depositId)).toBe("half-kept");
    expect(await mailKinds(id)).toEqual([
      { kind: "artist-cancelled", status: "sent" },
      { kind: "cancelled", status: "sent" },
    ]);
    const html = await (await openPage(token)).text();
    expect(html).toContain("was cancelled. To book again");
    expect(html).not.toContain('type="radio"');
  });

  it("under 24 hours: the deposit is forfeited", async () => {
    const { id, token, quoteId, depositId } = await readyToBook();
    await addBooking(id, quoteId, inHours(10));
    expect(await (await openPage(`/requests/${token}?cancel=1`)).text()).toContain(
      "your deposit is forfeited",
    );
    await postForm(`/requests/${token}/booking/cancel`, { tier: "forfeited" });
    expect(await depositStatus(depositId)).toBe("forfeited");
  });

  it("applies nothing when the tier changed since the page stated it, and states the new one", async () => {
    const { id, token, quoteId, depositId } = await readyToBook();
    await addBooking(id, quoteId, inHours(30));
    const response = await postForm(`/requests/${token}/booking/cancel`, { tier: "transfer" });
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(html).toContain("has just changed what cancelling costs");
    expect(html).toContain("the studio keeps half of your deposit");
    expect((await bookingRows(id))[0]?.status).toBe("booked");
    expect(await depositStatus(depositId)).toBe("paid");
  });

  it("refuses a cancel form without its tier", async () => {
    const { id, token, quoteId } = await readyToBook();
    await addBooking(id, quoteId, inHours(30));
    const response = await postForm(`/requests/${token}/booking/cancel`, {});
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Cancel from your request&#39;s page");
    expect((await bookingRows(id))[0]?.status).toBe("booked");
  });
});

describe("the calendar file", () => {
  it("is RFC 5545 a calendar parser reads back: times, place, link, UID", async () => {
    const { id, token } = await readyToBook();
    const [slot] = await offeredSlots();
    await postForm(`/requests/${token}/booking`, { startsAt: slot?.startsAt ?? "" });
    const response = await openPage(`/requests/${token}/booking.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const text = await response.text();
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n"))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent") ?? undefined);
    expect(event.startDate.toJSDate().toISOString()).toBe(slot?.startsAt);
    expect(event.endDate.toJSDate().toISOString()).toBe(slot?.endsAt);
    expect(event.summary).toBe("Tattoo session at Gilded Needle Tattoo");
    expect(event.location).toContain("9012 Main Street, Suite 2, Laurel, MD 20707");
    expect(event.description).toContain(`https://gildedneedletattoo.com/requests/${token}`);
    const [booking] = await bookingRows(id);
    expect(event.uid).toBe(`${booking?.id}@gildedneedletattoo.com`);
  });

  it("escapes and folds long text without splitting a character", () => {
    const location = "Suite 2; Laurel, MD \\ “Gilded” — ".repeat(6);
    const text = sessionIcs({
      id: "b1",
      sequence: 0,
      startsAt: "2026-11-01T17:00:00.000Z",
      endsAt: "2026-11-01T20:00:00.000Z",
      stampedAt: "2026-10-01T12:00:00.000Z",
      cancelled: false,
      location,
      statusUrl: "https://studio.test/requests/abc",
      domain: "studio.test",
      summary: "Tattoo, session; one",
      organizer: { name: "Gilded Needle Tattoo", email: "studio@example.com" },
    });
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent") ?? undefined,
    );
    expect(event.location).toBe(location);
    expect(event.summary).toBe("Tattoo, session; one");
    expect(
      foldLine("é".repeat(80))
        .split("\r\n ")
        .every((part) => new TextEncoder().encode(part).length <= 75),
    ).toBe(true);
  });

  it("is not found without a booking, or with a wrong token", async () => {
    const { token } = await readyToBook();
    expect((await openPage(`/requests/${token}/booking.ics`)).status).toBe(404);
    expect((await openPage(`/requests/${"y".repeat(43)}/booking.ics`)).status).toBe(404);
  });
});

describe("the booking e-mails and reminders", () => {
  /**
   * The request's booking e-mails (of one topic, when named) due again now, and what the runner
   * then sends: every e-mail due, other tests' too, so a test finds its own among them.
   */
  async function resendBookingMail(id: string, topic?: string) {
    await env.DB.prepare(
      `UPDATE mail_queue SET status = 'pending', next_attempt_at = ?1 WHERE request_id = ?2 AND kind = 'booking' AND (?3 IS NULL OR topic = ?3)`,
    )
      .bind(new Date().toISOString(), id, topic ?? null)
      .run();
    const mail = recorder();
    await deliverBookingMail(env, { provider: mail, limit: 500 });
    return mail.sent;
  }

  it("confirms with the time, the page's link and the calendar file's", async () => {
    const response = await post("/api/consultations", validConsultation());
    const { id, statusUrl } = (await response.json()) as { id: string; statusUrl: string };
    await acceptedQuote(id);
    const [slot] = await offeredSlots();
    expect(
      await bookSlot(env.DB, { submissionId: id, startsAt: slot?.startsAt ?? "", now: new Date() }),
    ).toBe("booked");
    const mail = recorder();
    await deliverBookingMail(env, { provider: mail, limit: 500 });
    const confirmation = mail.sent.find((sent) => sent.subject === "Your tattoo session is booked");
    expect(confirmation?.to).toBe(validConsultation().email);
    expect(confirmation?.text).toContain(`${statusUrl}/booking.ics`);
    expect(confirmation?.text).toMatch(/ at \d{1,2}:\d\d [AP]M E[SD]T \(3 hours\)/);
    expect(mail.sent.find((sent) => sent.subject.startsWith("Session booked:"))?.to).toBeUndefined();
    // The calendar file rides along, so a mail app offers to add the session in one tap.
    const [file] = confirmation?.attachments ?? [];
    expect(file?.filename).toBe("tattoo-session.ics");
    expect(file?.contentType).toBe("text/calendar; method=PUBLISH");
    const vevent = new ICAL.Component(ICAL.parse(file?.content ?? "")).getFirstSubcomponent("vevent");
    if (!vevent) throw new Error("no VEVENT in the attached file");
    const event = new ICAL.Event(vevent);
    expect(event.startDate.toJSDate().toISOString()).toBe(slot?.startsAt);
    expect(event.description).toContain(statusUrl);
    // The artist's own notice carries no file.
    expect(mail.sent.find((sent) => sent.subject.startsWith("Session booked:"))?.attachments).toBeUndefined();
  });

  it("sends a cancelled session's calendar file with the cancellation, the same event marked cancelled", async () => {
    const { id, token } = await readyToBook();
    const [slot] = await offeredSlots();
    await postForm(`/requests/${token}/booking`, { startsAt: slot?.startsAt ?? "" });
    await deliverBookingMail(env, { provider: recorder(), limit: 500 });
    await postForm(`/requests/${token}/booking/cancel`, { tier: "transfer" });
    // The route sent it at once through the test's mail binding; sent again here, to be read.
    const cancelled = (await resendBookingMail(id, "cancelled")).find(
      (sent) => sent.subject === "Your tattoo session was cancelled",
    );
    const [file] = cancelled?.attachments ?? [];
    expect(file?.filename).toBe("tattoo-session.ics");
    const vevent = new ICAL.Component(ICAL.parse(file?.content ?? "")).getFirstSubcomponent("vevent");
    expect(vevent?.getFirstPropertyValue("status")).toBe("CANCELLED");
    const [booking] = await bookingRows(id);
    expect(vevent?.getFirstPropertyValue("uid")).toMatch(new RegExp(`^${booking?.id}@`));
    // An iTIP cancellation of the event the confirmation added: METHOD:CANCEL, one revision on.
    expect(new ICAL.Component(ICAL.parse(file?.content ?? "")).getFirstPropertyValue("method")).toBe(
      "CANCEL",
    );
    expect(vevent?.getFirstPropertyValue("sequence")).toBe(1);
    expect(file?.contentType).toBe("text/calendar; method=CANCEL");
  });

  it("tells each side of a move once, 'moved', with the calendar event moved under the same UID", async () => {
    const { id, token } = await readyToBook();
    const slots = await offeredSlots();
    const first = slots[0]?.startsAt ?? "";
    await postForm(`/requests/${token}/booking`, { startsAt: first });
    const later = slots.find((slot) => Date.parse(slot.startsAt) > Date.parse(first) + 7 * 24 * hour);
    expect((await postForm(`/requests/${token}/booking`, { startsAt: later?.startsAt ?? "" })).status).toBe(
      303,
    );
    // Moved again: the revision counts on.
    const third = slots.find(
      (slot) => Date.parse(slot.startsAt) > Date.parse(later?.startsAt ?? "") + 24 * hour,
    );
    expect((await postForm(`/requests/${token}/booking`, { startsAt: third?.startsAt ?? "" })).status).toBe(
      303,
    );
    const { results: queued } = await env.DB.prepare(
      "SELECT topic FROM mail_queue WHERE request_id = ? AND kind = 'booking' ORDER BY created_at, topic",
    )
      .bind(id)
      .all<{ topic: string }>();
    // One "booked" per side, then one "moved" per side per move: never a second "booked", and
    // no "cancelled" for the time that moved.
    expect(queued.map((row) => row.topic).sort()).toEqual(
      ["artist-booked", "confirmation", "artist-moved", "moved", "artist-moved", "moved"].sort(),
    );
    const mail = await resendBookingMail(id);
    const rows = await bookingRows(id);
    const original = rows[0]?.id ?? "";
    const movedMails = mail.filter(
      (sent) =>
        sent.subject === "Your tattoo session has moved" &&
        sent.text.includes(studioTime(third?.startsAt ?? "")),
    );
    expect(movedMails).toHaveLength(1);
    const moved = movedMails[0];
    expect(moved?.text).toContain(`(It was ${studioTime(later?.startsAt ?? "")}`);
    const calendar = new ICAL.Component(ICAL.parse(moved?.attachments?.[0]?.content ?? ""));
    const event = calendar.getFirstSubcomponent("vevent");
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(event?.getFirstPropertyValue("uid")).toBe(`${original}@gildedneedletattoo.com`);
    expect(event?.getFirstPropertyValue("sequence")).toBe(2);
    expect(new ICAL.Event(event ?? undefined).startDate.toJSDate().toISOString()).toBe(third?.startsAt);
    const artist = mail.filter((sent) => sent.subject.startsWith("Session moved: "));
    expect(artist.some((sent) => sent.text.includes(`(It was ${studioTime(later?.startsAt ?? "")}`))).toBe(
      true,
    );
    // The download is the same event at its latest revision.
    const download = await (await openPage(`/requests/${token}/booking.ics`)).text();
    const live = new ICAL.Component(ICAL.parse(download)).getFirstSubcomponent("vevent");
    expect(live?.getFirstPropertyValue("uid")).toBe(`${original}@gildedneedletattoo.com`);
    expect(live?.getFirstPropertyValue("sequence")).toBe(2);
  });

  it("sends the 48-hour and the 24-hour reminders once each, whatever the cron's pace", async () => {
    const { id, email, quoteId } = await readyToBook();
    const startsAt = inHours(47);
    await addBooking(id, quoteId, startsAt);
    const mail = recorder();
    const subjects = () => mail.sent.filter((sent) => sent.to === email).map((sent) => sent.subject);
    const at = (hoursBefore: number) => new Date(startsAt.getTime() - hoursBefore * hour);
    await deliverBookingMail(env, { provider: mail, now: at(49) });
    expect(subjects()).toEqual([]);
    await deliverBookingMail(env, { provider: mail, now: at(47) });
    await deliverBookingMail(env, { provider: mail, now: at(40) });
    expect(subjects()).toEqual(["Your tattoo session is in two days"]);
    await deliverBookingMail(env, { provider: mail, now: at(23) });
    await deliverBookingMail(env, { provider: mail, now: at(2) });
    expect(subjects()).toEqual(["Your tattoo session is in two days", "Your tattoo session is tomorrow"]);
  });

  it("after the cron was down, sends the 24-hour reminder alone and skips the 48-hour one", async () => {
    const { id, email, quoteId } = await readyToBook();
    const startsAt = inHours(20);
    await addBooking(id, quoteId, startsAt);
    const mail = recorder();
    await deliverBookingMail(env, { provider: mail, now: new Date() });
    await deliverBookingMail(env, { provider: mail, now: inHours(1) });
    expect(mail.sent.filter((sent) => sent.to === email).map((sent) => sent.subject)).toEqual([
      "Your tattoo session is tomorrow",
    ]);
    expect(await mailKinds(id)).toEqual([{ kind: "reminder-24", status: "sent" }]);
  });

  it("sends no reminder for a cancelled session, nor one already begun", async () => {
    const cancelled = await readyToBook();
    await addBooking(cancelled.id, cancelled.quoteId, inHours(20), {
      status: "cancelled",
      cancelledAt: new Date().toISOString(),
    });
    const begun = await readyToBook();
    await addBooking(begun.id, begun.quoteId, inHours(-1));
    const mail = recorder();
    await deliverBookingMail(env, { provider: mail });
    expect(await mailKinds(cancelled.id)).toEqual([]);
    expect(await mailKinds(begun.id)).toEqual([]);
  });
});

describe("availability across requests", () => {
  it("keeps another client's session and its buffer out of the calendar", async () => {
    const other = await readyToBook();
    const [slot] = await offeredSlots();
    await postForm(`/requests/${other.token}/booking`, { startsAt: slot?.startsAt ?? "" });
    const { token } = await readyToBook();
    const html = await (await openPage(token)).text();
    expect(html).not.toContain(`value="${slot?.startsAt}"`);
    const end = Date.parse(slot?.endsAt ?? "");
    const justAfter = new Date(end + 15 * 60_000).toISOString();
    expect(html).not.toContain(`value="${justAfter}"`);
  });
});
