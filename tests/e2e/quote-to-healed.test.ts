// A client's whole path past the conversation, in one walk on the served worker: a request, the
// artist's quote from the card, the client (a phone, JavaScript off) accepting it and paying the
// deposit on the local fake of Stripe Checkout, picking a time, signing the release form, the
// artist marking the session done, and the page turning into the aftercare companion. Each part has
// its own, more detailed walk; this one holds that the parts meet.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { adminOnRequestCard, useAdminAccount } from "../support/admin-browser";
import { cardOnFileFor, d1, sessionHasBegun } from "../support/d1";
import { bookFromCard, sendRequestByApi, unique, useFormPages } from "../support/form-pages";

const baseUrl = inject("baseUrl");
const { phoneWithoutScript } = useFormPages();
const account = useAdminAccount("path-artist@e2e-studio.test", "a request to healed e2e passphrase 77");
const shots = process.env.PATH_SHOTS;

/** The artist, signed in on her phone, with the request's card open. */
async function openCard(page: Page, tag: string, name: string) {
  return adminOnRequestCard(
    page,
    account,
    { width: 390, address: `2001:db8:7a7::${tag.slice(-4)}` },
    { tag, name },
  );
}

describe("from a request to a healed tattoo", () => {
  it("quote, deposit on Stripe's page, a booked time, the signed form, the session done, aftercare", async () => {
    const tag = unique();
    const name = "Sol Pathfinder";
    const page = await phoneWithoutScript({ timeout: 10_000 });
    const client = page.context();
    const { id, statusPath: path } = await sendRequestByApi(page, {
      name,
      email: `sol.${tag}@example.com`,
      phone: "+1 240 555 0133",
      tattooIdea: `A compass rose on the shoulder blade, about four inches. ${tag}`,
    });
    const stage = () => page.locator("#request-stage-title").textContent();

    // The artist quotes one four-hour session at $450.
    const quoting = await openCard(page, tag, name);
    await quoting.page.getByRole("button", { name: /^Send a (new )?quote$/ }).click();
    const form = quoting.page.locator(".admin-quote__form");
    await form.getByLabel("Price ($)").fill("450");
    await form.getByLabel("Sessions").fill("1");
    await form.getByLabel("Each session").selectOption({ label: "4 hours" });
    await form.getByRole("button", { name: /^Send the (new )?quote$/ }).click();
    await expect.poll(() => quoting.page.locator(".admin-quote__terms").textContent()).toContain("$450");
    expect(quoting.problems).toEqual([]);
    await quoting.context.close();

    // The client accepts it and pays the deposit on Stripe's page.
    await page.goto(`${baseUrl}${path}`);
    expect(await stage()).toContain("Quoted");
    const bornOn = `${new Date().getUTCFullYear() - 29}-06-14`;
    await page.locator("#quote").getByLabel("Your date of birth").fill(bornOn);
    await page.locator("#quote").getByRole("button", { name: "Accept the quote" }).click();
    await page.waitForURL(/\?quote=accepted#quote$/);
    await page.getByRole("button", { name: "Pay the $100 deposit" }).click();
    await page.waitForURL(/\/pay\/cs_test_/);
    await page.getByRole("button", { name: "Pay $100.00" }).click();
    await page.waitForURL(`${baseUrl}${path}?deposit=paid#quote`);
    expect(await page.getByText("Thank you: your deposit is paid.").count()).toBe(1);
    // The card on file is its own walk (card-on-file.test.ts): saved here as its webhook saves it.
    cardOnFileFor(id);
    await page.reload();

    // A time, three weeks on: the calendar is the one server's, and the booking file, running
    // beside this one, takes the first times offered.
    const booking = page.locator("#booking");
    expect(await booking.getByRole("heading", { name: "Book your session" }).count()).toBe(1);
    await bookFromCard(page, "first", 3);
    expect(await page.locator("#booking").textContent()).toContain("Your session is booked.");
    expect(await stage()).toContain("Booked");
    if (shots) await page.screenshot({ path: `${shots}/booked-390.png`, fullPage: true });

    // The release form, signed on the same page.
    await page.getByText("Read and sign the release form").click();
    await page.getByLabel("Legal name").fill("Sol Pathfinder");
    // The date of birth given with the quote is already there.
    expect(await page.getByLabel("Date of birth").inputValue()).toBe(bornOn);
    await page.getByLabel("Emergency contact's name").fill("Ari Pathfinder");
    await page.getByLabel("Emergency contact's phone").fill("(240) 555-0144");
    for (const question of await page.locator(".release-form__question").all()) {
      await question.getByLabel("No", { exact: true }).check();
    }
    for (const box of await page.locator('.release-form__ack input[type="checkbox"]').all())
      await box.check();
    await page.getByLabel("Signature").fill("Sol Pathfinder");
    await page.getByRole("button", { name: "Sign the release form" }).click();
    await expect.poll(() => page.locator(".release-form__signed").count()).toBe(1);

    // The day comes (the session is moved to have begun an hour ago): the artist marks it done.
    sessionHasBegun(id);
    const done = await openCard(page, tag, name);
    done.page.on("dialog", (dialog) => void dialog.accept());
    await done.page.getByRole("button", { name: "Mark session done" }).click();
    await expect.poll(() => done.page.locator(".admin-session").textContent()).toContain("Done");
    expect(done.problems).toEqual([]);
    await done.context.close();

    // The page is now the aftercare companion for that tattoo.
    await page.goto(`${baseUrl}${path}`);
    expect(await stage()).toContain("Completed");
    expect(await page.getByRole("heading", { name: "Day 0: your session was today" }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (shots) {
      await page.screenshot({ path: `${shots}/completed-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${shots}/completed-1280.png`, fullPage: true });
    }

    // Each stage left its row, and the money came from the server: the quote's deposit, paid once.
    const [deposit] = d1<{ amount_cents: number; status: string; method: string }>(
      "SELECT amount_cents, status, method FROM deposits WHERE submission_id = ?",
      id,
    );
    expect(deposit).toEqual({ amount_cents: 10_000, status: "paid", method: "stripe" });
    const [row] = d1<{ status: string }>("SELECT status FROM consultation_requests WHERE id = ?", id);
    expect(row?.status).toBe("completed");
    await client.close();
  }, 120_000);
});
