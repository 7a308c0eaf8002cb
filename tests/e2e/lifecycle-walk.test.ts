// A client's request through the seams of its lifecycle on a phone, with JavaScript off and on:
// a quote replaced while the page was open, a minor refused before any money, a session booked,
// moved (the current time shown and not offered again) and cancelled, the page saying at each
// step what the lifecycle names for it.
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { skipConsentDialog } from "../support/consent";
import { cardOnFileFor, d1, depositPaidFor, insertRequest, statusLinkFor } from "../support/d1";
import { unique, useFormPages } from "../support/form-pages";

const baseUrl = inject("baseUrl");
const { newContext } = useFormPages();
const shots = process.env.LIFECYCLE_SHOTS;

/** A request the artist has quoted, with a live status link: its id, path and quote. */
function quotedRequest(tag: string): { id: string; path: string; quoteId: string } {
  const id = insertRequest({
    name: "Rowan Lifecyclewalk",
    email: `walk.${tag}@example.com`,
    phone: "+1 240 555 0133",
    idea: `A sprig of lavender on the ankle. ${tag}`,
    status: "contacted",
  });
  const quoteId = randomUUID();
  d1(
    `INSERT INTO quotes (id, submission_id, price_min_cents, price_max_cents, sessions, session_minutes, deposit_cents, status)
     VALUES (?, ?, 30000, 30000, 1, 120, 10000, 'sent')`,
    quoteId,
    id,
  );
  return { id, path: `/requests/${statusLinkFor(id)}`, quoteId };
}

describe.each([false, true])("a request's seams at 390 px, JavaScript %s", (javaScriptEnabled) => {
  it("a replaced quote, a minor, then booked, moved and cancelled, each step said plainly", async () => {
    const tag = unique();
    const { id, path, quoteId } = quotedRequest(tag);
    const context = await newContext({
      javaScriptEnabled,
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: { "CF-Connecting-IP": `203.0.113.${Math.floor(Math.random() * 200) + 20}` },
    });
    if (javaScriptEnabled) await skipConsentDialog(context);
    context.setDefaultTimeout(8000);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    const shot = (name: string) =>
      shots
        ? page.screenshot({
            path: `${shots}/${name}-${javaScriptEnabled ? "js" : "nojs"}-390.png`,
            fullPage: true,
          })
        : null;
    const stage = () => page.locator("#request-stage-title").textContent();

    await page.goto(`${baseUrl}${path}`);
    expect(await stage()).toContain("Quoted");
    const quote = page.locator("#quote");
    expect(await quote.locator(".quote-terms").textContent()).toContain("$300");

    // The artist replaces the quote while the client reads it: accepting the old one is refused
    // and the page shows the new one.
    d1("UPDATE quotes SET status = 'withdrawn' WHERE id = ?", quoteId);
    d1(
      `INSERT INTO quotes (id, submission_id, price_min_cents, price_max_cents, sessions, session_minutes, deposit_cents, status)
       VALUES (?, ?, 35000, 35000, 1, 120, 10000, 'sent')`,
      randomUUID(),
      id,
    );
    const year = new Date().getUTCFullYear();
    await quote.getByLabel("Your date of birth").fill(`${year - 30}-05-20`);
    await quote.getByRole("button", { name: "Accept the quote" }).click();
    await page.waitForURL(/\?quote=changed#quote$/);
    expect(await page.getByText("That quote has changed since you opened the page.").count()).toBe(1);
    expect(await quote.locator(".quote-terms").textContent()).toContain("$350");

    // A minor: nothing accepted, nothing to pay, and the page says why.
    await quote.getByLabel("Your date of birth").fill(`${year - 17}-01-02`);
    await quote.getByRole("button", { name: "Accept the quote" }).click();
    await page.waitForURL(/\?quote=under-age#quote$/);
    expect(await page.getByText("you must be 18 or older to accept a quote").count()).toBe(1);
    expect(await stage()).toContain("Quoted");
    await shot("lifecycle-minor");

    // An adult accepts; the deposit is received at the studio.
    await quote.getByLabel("Your date of birth").fill(`${year - 30}-05-20`);
    await quote.getByRole("button", { name: "Accept the quote" }).click();
    await page.waitForURL(/\?quote=accepted#quote$/);
    const [accepted] = d1<{ id: string }>(
      "SELECT id FROM quotes WHERE submission_id = ? AND status = 'accepted'",
      id,
    );
    depositPaidFor(id, accepted?.id ?? "");
    cardOnFileFor(id);

    // Booked five weeks ahead, clear of any other file's sessions: the files run three at a time,
    // and in week two another file's booking once took the time this one then moved to.
    await page.goto(`${baseUrl}${path}?week=5#booking`);
    const booking = page.locator("#booking");
    expect(await page.getByText("Your deposit is paid. Choose your session").count()).toBe(1);
    await booking.locator(".booking-slot").first().click();
    await booking.getByRole("button", { name: "Book this time" }).click();
    await page.waitForURL(/\?booked=1/);
    expect(await stage()).toContain("Booked");
    const bookedAt = (await booking.locator(".booking-when strong").textContent()) ?? "";

    // Moving: the current time named, shown in the list and not offered.
    await booking.getByRole("link", { name: "Choose another time" }).click();
    await page.waitForURL(/reschedule=1/);
    expect(await booking.locator(".booking-when").textContent()).toContain(`Your current time: ${bookedAt}`);
    expect(await page.locator(".booking-slot--current input").count()).toBeLessThanOrEqual(1);
    if ((await page.locator(".booking-slot--current").count()) === 1)
      expect(await page.locator(".booking-slot--current input").isDisabled()).toBe(true);
    await shot("lifecycle-move");
    await booking.locator(".booking-slot:not(.booking-slot--current)").nth(1).click();
    await booking.getByRole("button", { name: "Move my session to this time" }).click();
    await page.waitForURL(/\?booked=1/);
    expect(await booking.locator(".booking-when strong").textContent()).not.toBe(bookedAt);
    expect(await booking.textContent()).toContain("You can change your time 2 more times from this page.");

    // Cancelling: the step says what becomes of the deposit before anything is done.
    await booking.getByRole("link", { name: "Cancel my session" }).click();
    expect(await page.locator(".booking-confirm").textContent()).toContain(
      "your deposit stays paid and holds a new date",
    );
    await page.getByRole("button", { name: "Yes, cancel my session" }).click();
    await page.waitForURL(/\?cancelled=1/);
    expect(await page.getByText("Your session is cancelled.").count()).toBe(1);
    expect(
      await page.getByText("Your session was cancelled. If your deposit still holds a date").count(),
    ).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot("lifecycle-cancelled");
    expect(problems).toEqual([]);
  });
});
