// A freed session time offered to a waiting client, on a phone without JavaScript: the client asks
// to hear of a sooner time, another client cancels, the offer arrives by e-mail (the local
// outbox), its link asks for the deposit first, the deposit is paid on the local fake of Stripe
// Checkout, and the time is taken. Then the artist's setting on the schedule, on a phone and a desktop.
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { signedInAdminPage, useAdminAccount } from "../support/admin-browser";
import { d1, depositPaidFor, requestWithAcceptedQuote, statusLinkFor } from "../support/d1";
import { freshAddress, postFromPage, unique, useFormPages } from "../support/form-pages";
import { sentMailTo } from "../support/sent-mail";

const baseUrl = inject("baseUrl");
const { phoneWithoutScript } = useFormPages();
const account = useAdminAccount("offers@e2e-studio.test", "a freed slot offers e2e passphrase 47");
const shots = process.env.OFFER_SHOTS;

/** A studio date (YYYY-MM-DD) and the words the e-mail names its day by, for a UTC instant. */
const inStudio = (iso: string, locale: string, options?: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale, { timeZone: "America/New_York", ...options }).format(new Date(iso));
const studioDate = (iso: string) => inStudio(iso, "en-CA");
const studioWords = (iso: string) =>
  inStudio(iso, "en-US", { weekday: "long", month: "long", day: "numeric" });

describe("freed-slot offers", () => {
  it("a cancelled time reaches a waiting client at 390 px, who pays the deposit and takes it", async () => {
    const tag = unique();
    /** A client of this test's own (the tag in the address and the idea) whose quote is accepted. */
    const quotedClient = (name: string, phone: string, idea: string) =>
      requestWithAcceptedQuote({
        name,
        email: `${name.split(" ")[0]?.toLowerCase()}.${tag}@example.com`,
        phone: `+1 240 555 ${phone}`,
        idea: `${idea} ${tag}`,
        status: "contacted",
      });
    // The client with a session, booked through the served worker at a time days away.
    const booked = quotedClient("Cora Cancels", "0191", "A sparrow on the wrist.");
    depositPaidFor(booked.id, booked.quoteId);
    const bookedPath = `/requests/${statusLinkFor(booked.id)}`;
    const calendar = await (
      await fetch(`${baseUrl}${bookedPath}`, { headers: { "CF-Connecting-IP": freshAddress() } })
    ).text();
    const startsAt =
      [...calendar.matchAll(/name="startsAt" value="([^"]+)"/g)].map((m) => m[1] ?? "").at(-1) ?? "";
    expect(Date.parse(startsAt)).toBeGreaterThan(Date.now() + 49 * 3_600_000);
    expect((await postFromPage(`${bookedPath}/booking`, { startsAt })).status).toBe(303);

    // The waiting client: an accepted quote, no deposit yet. They ask for that day on their page.
    const email = `wade.${tag}@example.com`;
    const waiting = quotedClient("Wade Waiting", "0192", "A small compass.");
    const waitingPath = `/requests/${statusLinkFor(waiting.id)}`;
    const page = await phoneWithoutScript({ timeout: 12_000 });
    await page.goto(`${baseUrl}${waitingPath}#sooner`);
    const card = page.locator("#sooner");
    expect(await card.getByRole("heading", { name: "Hear of a sooner time" }).count()).toBe(1);
    await card.getByLabel("Date 1").fill(studioDate(startsAt));
    await card.getByRole("button", { name: "Tell me if a time frees up" }).click();
    await page.waitForURL(/\?sooner=saved#sooner$/);
    expect(await page.getByText("We will e-mail you if a time you can make frees up.").count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (shots) await page.locator("#sooner").screenshot({ path: `${shots}/sooner-card-390.png` });

    // The booked client cancels; the offer is e-mailed at once.
    const since = Date.now();
    expect((await postFromPage(`${bookedPath}/booking/cancel`, { tier: "transfer" })).status).toBe(303);
    const when = studioWords(startsAt);
    let offer: { subject: string; text: string } | undefined;
    await expect
      .poll(
        async () => {
          offer = (await sentMailTo(baseUrl, email, since)).find(
            (mail) => mail.subject.startsWith("A time has freed up") && mail.text.includes(when),
          );
          return Boolean(offer);
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    const link = /\/offers\/[A-Za-z0-9_-]{43}/.exec(offer?.text ?? "")?.[0] ?? "";
    expect(link).not.toBe("");
    expect(offer?.text).toContain("Your deposit is not paid yet");

    // The offer: the time, one button; without the deposit it asks for it first.
    await page.goto(`${baseUrl}${link}`);
    expect(await page.getByRole("heading", { name: "A time has freed up" }).count()).toBe(1);
    expect(await page.locator("#offer").textContent()).toContain(when);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (shots) await page.screenshot({ path: `${shots}/offer-390.png`, fullPage: true });
    await page.getByRole("button", { name: "Take this time" }).click();
    expect(await page.getByRole("alert").textContent()).toContain("Your deposit is not paid yet");

    // The deposit, on Stripe's page (the local fake), then back to the link.
    await page.goto(`${baseUrl}${waitingPath}#quote`);
    // A quote accepted before the date of birth was asked: the pay button's form asks it.
    await page.locator("#quote").getByLabel("Your date of birth").fill("1994-03-09");
    await page.getByRole("button", { name: "Pay the $100 deposit" }).click();
    await page.waitForURL(/\/pay\/cs_test_/);
    await page.getByRole("button", { name: "Pay $100.00" }).click();
    await page.waitForURL(/\?deposit=paid#quote$/);
    await page.goto(`${baseUrl}${link}`);
    await page.getByRole("button", { name: "Take this time" }).click();
    await page.waitForURL(`${baseUrl}${link}`);
    expect(await page.getByRole("heading", { name: "This time is yours" }).count()).toBe(1);
    expect(
      d1<{ starts_at: string; status: string }>(
        "SELECT starts_at, status FROM bookings WHERE submission_id = ?",
        waiting.id,
      ),
    ).toEqual([{ starts_at: startsAt, status: "booked" }]);
    if (shots) {
      await page.screenshot({ path: `${shots}/offer-taken-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${shots}/offer-taken-1280.png`, fullPage: true });
    }

    // A freed time held for the artist's approval, with a client it would go to.
    const held = quotedClient("Hana Held", "0193", "A fern on the ankle.");
    d1(
      "INSERT INTO slot_alerts (submission_id, weekdays, day_parts, dates, updated_at) VALUES (?, '[]', '[]', '[]', ?)",
      held.id,
      new Date().toISOString(),
    );
    const heldAt = new Date(Date.parse(startsAt) + 7 * 24 * 3_600_000);
    d1(
      "INSERT INTO freed_slots (id, booking_id, starts_at, ends_at, status) VALUES (?, ?, ?, ?, 'awaiting')",
      randomUUID(),
      randomUUID(),
      heldAt.toISOString(),
      new Date(heldAt.getTime() + 3 * 3_600_000).toISOString(),
    );

    // The artist's setting, beside the schedule, on a phone and a desktop.
    const browser = page.context().browser();
    if (!browser) throw new Error("no browser");
    for (const width of [390, 1280]) {
      const admin = await signedInAdminPage(browser, account, { width, address: `2001:db8:0ff::${width}` });
      await admin.page.getByRole("link", { name: "Schedule", exact: true }).click();
      const panel = admin.page.locator(".admin-offers");
      await expect.poll(() => panel.getByRole("radio", { name: /Offer at once/ }).isChecked()).toBe(true);
      expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      if (shots) await panel.screenshot({ path: `${shots}/admin-offers-${width}.png` });
      if (width === 1280) {
        // "Let me approve each": the held time with who would get it, sent with one action.
        await panel.getByRole("radio", { name: /Let me approve each/ }).check();
        const held = panel.locator("li", { hasText: "Hana Held" });
        await expect.poll(() => held.count()).toBe(1);
        if (shots) await panel.screenshot({ path: `${shots}/admin-offers-approve-${width}.png` });
        await held.getByRole("button", { name: "Send the offer" }).click();
        await expect.poll(() => panel.getByRole("status").textContent()).toBe("Offer sent.");
        expect(await panel.locator("li", { hasText: "Hana Held" }).count()).toBe(0);
        await panel.getByRole("radio", { name: /Offer at once/ }).check();
        await expect.poll(() => panel.getByRole("status").textContent()).toBe("Saved.");
        // The refilled time counts on the dashboard, beside the journey's figures.
        await admin.page.goto(`${baseUrl}/admin/dashboard`);
        const sessions = admin.page.locator(".admin-sessions");
        const refilled = sessions.locator(".admin-stat", { hasText: "Slots refilled" });
        await expect
          .poll(async () => Number(await refilled.locator(".admin-stat__value").textContent()))
          .toBeGreaterThanOrEqual(1);
        expect(await sessions.locator(".admin-stat__label").allTextContents()).toEqual([
          "No-shows",
          "Late cancellations",
          "Fees charged",
          "Slots refilled",
        ]);
        if (shots) await sessions.screenshot({ path: `${shots}/dashboard-sessions-${width}.png` });
      }
      expect(admin.problems).toEqual([]);
      await admin.context.close();
    }
  });
});
