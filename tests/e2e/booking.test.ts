// Booking a session from the status page, on a phone and without JavaScript: pick a time, see it
// booked with its calendar file, the artist marks it done from the card; and 20 clients racing
// for one time through the served worker, of whom exactly one gets it.
import { describe, expect, inject, it } from "vitest";
import { openRequestCard, signedInAdminPage, useAdminAccount } from "../support/admin-browser";
import { axeViolations } from "../support/axe";
import { expectOneGotTheTime } from "../support/booking-race";
import { skipConsentDialog } from "../support/consent";
import { d1, depositPaidFor, requestWithAcceptedQuote, sessionHasBegun, statusLinkFor } from "../support/d1";
import { freshAddress, postFromPage, unique, useFormPages } from "../support/form-pages";

const baseUrl = inject("baseUrl");
const { newContext } = useFormPages();
const account = useAdminAccount("booking@e2e-studio.test", "a booking e2e passphrase 83");
const shots = process.env.BOOKING_SHOTS;

/** A request whose quote was accepted and deposit paid, with a live status link: its path. */
function readyToBook(name: string, tag: string): { id: string; path: string } {
  const { id, quoteId } = requestWithAcceptedQuote({
    name,
    email: `booking.${tag}@example.com`,
    phone: "+1 240 555 0190",
    idea: `A small swallow behind the ear. ${tag}`,
    status: "contacted",
  });
  depositPaidFor(id, quoteId);
  return { id, path: `/requests/${statusLinkFor(id)}` };
}

describe("booking a session", () => {
  it("at 390 px without JavaScript: a time picked, booked, in the calendar file; the artist marks it done", async () => {
    const tag = unique();
    const name = "Ines Bookingwalk";
    const { id, path } = readyToBook(name, tag);
    const client = await newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: { "CF-Connecting-IP": freshAddress() },
    });
    client.setDefaultTimeout(8000);
    const page = await client.newPage();
    await page.goto(`${baseUrl}${path}#booking`);
    const booking = page.locator("#booking");
    expect(await booking.getByRole("heading", { name: "Book your session" }).count()).toBe(1);
    expect(await booking.textContent()).toContain("It lasts 2 h 30 min");
    if (shots) await booking.screenshot({ path: `${shots}/booking-pick-390.png` });
    const first = booking.locator('input[name="startsAt"]').first();
    const startsAt = await first.getAttribute("value");
    const label = (await booking.locator(".booking-slot").first().textContent()) ?? "";
    const day = (await booking.locator(".booking-day fieldset legend").first().textContent()) ?? "";
    await booking.locator(".booking-slot").first().click();
    await booking.getByRole("button", { name: "Book this time" }).click();
    await page.waitForURL(/\?booked=1/);
    const booked = page.locator("#booking");
    const text = (await booked.textContent()) ?? "";
    expect(text).toContain("Your session is booked.");
    expect(text).toContain(day);
    expect(text).toContain(label.trim());
    expect(await page.locator("#request-stage-title").textContent()).toContain("Booked");
    if (shots) await booked.screenshot({ path: `${shots}/booking-booked-390.png` });

    const ics = await page.request.get(`${baseUrl}${path}/booking.ics`);
    expect(ics.status()).toBe(200);
    expect(ics.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const calendar = await ics.text();
    const stamp = new Date(startsAt ?? "")
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "");
    expect(calendar).toContain(`DTSTART:${stamp}\r\n`);

    // The cancel step states the tier before anything is cancelled.
    await page.getByRole("link", { name: "Cancel my session" }).click();
    expect(await page.locator(".booking-confirm").textContent()).toContain(
      "your deposit stays paid and holds a new date",
    );
    if (shots) await page.locator("#booking").screenshot({ path: `${shots}/booking-cancel-390.png` });
    await page.getByRole("link", { name: "No, keep it" }).click();

    const browser = page.context().browser();
    if (!browser) throw new Error("no browser");
    const admin = await signedInAdminPage(browser, account, { width: 390, address: "2001:db8:b00c::390" });
    await admin.page.getByRole("link", { name: "Schedule", exact: true }).click();
    await expect
      .poll(() => admin.page.locator(".admin-schedule__list").first().textContent())
      .toContain(name);
    if (shots) await admin.page.screenshot({ path: `${shots}/admin-schedule-390.png`, fullPage: true });
    await openRequestCard(admin.page, tag, name);
    if (shots)
      await admin.page.locator(".admin-session").screenshot({ path: `${shots}/admin-session-390.png` });
    // A session still to come cannot be marked done.
    await expect
      .poll(() => admin.page.locator(".admin-session").textContent())
      .toContain("It can be marked done once it has begun.");
    expect(await admin.page.getByRole("button", { name: "Mark session done" }).count()).toBe(0);

    // The day comes (the session is moved to have begun an hour ago), and the artist marks it
    // done: she confirms, then can take it back for a few minutes.
    sessionHasBegun(id);
    await admin.page.reload();
    const questions: string[] = [];
    admin.page.on("dialog", (dialog) => {
      questions.push(dialog.message());
      void dialog.accept();
    });
    await admin.page.getByRole("button", { name: "Mark session done" }).click();
    await expect.poll(() => admin.page.locator(".admin-session").textContent()).toContain("Done");
    expect(questions).toEqual([
      "Mark this session done? The client's page moves on to aftercare. You can undo it for a few minutes.",
    ]);
    if (shots)
      await admin.page.locator(".admin-session").screenshot({ path: `${shots}/admin-session-done-390.png` });
    await admin.page.getByRole("button", { name: "Undo" }).click();
    await expect
      .poll(() => admin.page.locator(".admin-session__notice").textContent())
      .toBe("Undone: the session is booked again.");
    expect(d1<{ status: string }>("SELECT status FROM bookings WHERE submission_id = ?", id)[0]?.status).toBe(
      "booked",
    );
    await admin.page.getByRole("button", { name: "Mark session done" }).click();
    await expect.poll(() => admin.page.locator(".admin-session").textContent()).toContain("Done");
    const [row] = d1<{ status: string }>("SELECT status FROM bookings WHERE submission_id = ?", id);
    expect(row?.status).toBe("completed");
    expect(
      d1<{ status: string }>("SELECT status FROM consultation_requests WHERE id = ?", id)[0]?.status,
    ).toBe("completed");
    expect(admin.problems).toEqual([]);
    await admin.context.close();
  });

  it("at 1280 px, passes axe's WCAG 2.2 AA checks before and after booking", async () => {
    const { path } = readyToBook("Ada Widescreen", unique());
    // bypassCSP only lets the test inject axe itself.
    const context = await newContext({
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
      extraHTTPHeaders: { "CF-Connecting-IP": freshAddress() },
    });
    await skipConsentDialog(context);
    const page = await context.newPage();
    await page.goto(`${baseUrl}${path}#booking`);
    if (shots) await page.locator("#booking").screenshot({ path: `${shots}/booking-pick-1280.png` });
    expect(await axeViolations(page)).toEqual([]);
    await page.locator(".booking-slot").nth(2).click();
    await page.getByRole("button", { name: "Book this time" }).click();
    await page.waitForURL(/\?booked=1/);
    if (shots) await page.locator("#booking").screenshot({ path: `${shots}/booking-booked-1280.png` });
    expect(await axeViolations(page)).toEqual([]);
  });

  it("gives one time to exactly one of 20 clients posting for it at once; the others get fresh times", async () => {
    const tag = unique();
    const racers = Array.from({ length: 20 }, (_, i) => readyToBook(`Racer ${i}`, `${tag}${i}`));
    const page = await fetch(`${baseUrl}${racers[0]?.path}`, {
      headers: { "CF-Connecting-IP": freshAddress() },
    });
    const startsAt = /name="startsAt" value="([^"]+)"/.exec(await page.text())?.[1];
    expect(startsAt).toBeTruthy();
    const answers = await Promise.all(
      racers.map((racer) => postFromPage(`${racer.path}/booking`, { startsAt: startsAt ?? "" })),
    );
    expect(answers).toHaveLength(20);
    await expectOneGotTheTime(answers, startsAt ?? "");
    const ids = racers.map((racer) => racer.id);
    const won = d1<{ n: number }>(
      `SELECT count(*) AS n FROM bookings WHERE status = 'booked' AND starts_at = ? AND submission_id IN (${ids.map(() => "?").join(", ")})`,
      startsAt ?? "",
      ...ids,
    );
    expect(won[0]?.n).toBe(1);
  });
});
