// From the artist's quote to a paid deposit, as both meet it: the quote sent from the request's
// card, then on the client's phone (JavaScript off) accepted and paid on the local fake of
// Stripe Checkout, which signs and sends the webhook, back to the page showing it paid.
import { describe, expect, inject, it } from "vitest";
import { openRequestCard, signedInAdminPage, useAdminAccount } from "../support/admin-browser";
import { sendRequestByApi, unique, useFormPages } from "../support/form-pages";

const baseUrl = inject("baseUrl");
const { phoneWithoutScript } = useFormPages();
const account = useAdminAccount("quote-artist@e2e-studio.test", "a quote and deposit e2e passphrase 31");
const shots = process.env.QUOTE_SHOTS;

describe("quote and deposit", () => {
  it("the artist quotes from the card; the client accepts at 390 px, pays on Stripe's page and sees it paid", async () => {
    const tag = unique();
    const name = "Quinn Quoted";
    const page = await phoneWithoutScript();
    const client = page.context();
    const { statusPath } = await sendRequestByApi(page, {
      name,
      email: `quinn.${tag}@example.com`,
      phone: "+1 240 555 0172",
      tattooIdea: `A fine-line moth across the collarbone, about five inches. ${tag}`,
    });

    // The artist sends the quote from the request's card, on her phone, then again on a desktop.
    const browser = page.context().browser();
    if (!browser) throw new Error("no browser");
    for (const width of [390, 1280]) {
      const admin = await signedInAdminPage(browser, account, { width, address: `2001:db8:9a0::${width}` });
      await openRequestCard(admin.page, tag, name);
      await admin.page.getByRole("button", { name: /^Send a (new )?quote$/ }).click();
      const form = admin.page.locator(".admin-quote__form");
      expect(await form.getByLabel("Deposit ($)").inputValue()).toBe("100");
      // A range whose top is below its bottom is refused, the field named.
      await form.getByLabel("Price ($)").fill("900");
      await form.getByLabel("Up to ($)").fill("700");
      await form.getByRole("button", { name: /^Send the (new )?quote$/ }).click();
      await expect.poll(() => form.locator(".admin-quote__error").textContent()).toContain("below the price");
      await form.getByLabel("Up to ($)").fill("1200");
      await form.getByLabel("Sessions").fill("2");
      await form.getByLabel("Each session").selectOption({ label: "4 hours" });
      await form.getByLabel(/Note to the client/).fill("Two sittings, a month apart.");
      if (shots) await admin.page.screenshot({ path: `${shots}/admin-quote-${width}.png`, fullPage: true });
      await form.getByRole("button", { name: /^Send the (new )?quote$/ }).click();
      await expect
        .poll(() => admin.page.locator(".admin-quote__terms").textContent())
        .toContain("$900–$1,200");
      expect(await admin.page.locator(".admin-quote").textContent()).toContain("waiting for the client");
      // The quote is in the conversation at once, as the client reads it.
      await expect
        .poll(() => admin.page.locator(".admin-thread__body").last().textContent())
        .toContain("I have sent you a quote for your tattoo");
      expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      // The refused range above is the one failed request the browser reports.
      expect(admin.problems.filter((problem) => !/status of 400/.test(problem))).toEqual([]);
      expect(admin.problems).toHaveLength(1);
      await admin.context.close();
    }

    // The client, with no JavaScript: the quote, the rules, then Accept.
    await page.goto(`${baseUrl}${statusPath}`);
    expect(await page.getByRole("heading", { name: "Where it stands: Quoted" }).count()).toBe(1);
    const quote = page.locator("#quote");
    expect(await quote.locator(".quote-terms").textContent()).toContain("$900–$1,200");
    expect(await quote.getByRole("heading", { name: "Before you pay: the deposit rules" }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const ask = quote.getByRole("link", { name: "Ask a question" });
    expect(await ask.getAttribute("href")).toBe("#message-body");
    expect((await ask.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    if (shots) await page.screenshot({ path: `${shots}/status-quote-390.png`, fullPage: true });
    // A minor is stopped before anything is accepted or paid; the page says why.
    const year = new Date().getUTCFullYear();
    await quote.getByLabel("Your date of birth").fill(`${year - 16}-03-09`);
    await quote.getByRole("button", { name: "Accept the quote" }).click();
    await page.waitForURL(/\?quote=under-age#quote$/);
    expect(await page.getByText("you must be 18 or older to accept a quote").count()).toBe(1);
    expect(await page.getByRole("button", { name: /Pay the/ }).count()).toBe(0);
    await quote.getByLabel("Your date of birth").fill(`${year - 24}-03-09`);
    await quote.getByRole("button", { name: "Accept the quote" }).click();
    await page.waitForURL(/\?quote=accepted#quote$/);
    expect(await page.getByText("Thank you: you accepted the quote.").count()).toBe(1);

    // Paying: Stripe's page (the fake), the webhook, back to the page.
    await page.getByRole("button", { name: "Pay the $100 deposit" }).click();
    await page.waitForURL(/\/pay\/cs_test_/);
    expect(await page.getByRole("heading", { name: "Pay $100.00" }).count()).toBe(1);
    await page.getByRole("button", { name: "Pay $100.00" }).click();
    await page.waitForURL(`${baseUrl}${statusPath}?deposit=paid#quote`);
    expect(await page.getByText("Thank you: your deposit is paid.").count()).toBe(1);
    expect(await quote.locator(".quote-part__paid").textContent()).toMatch(
      /Deposit paid: \$100, paid online on /,
    );
    expect(await page.getByRole("button", { name: /Pay the/ }).count()).toBe(0);
    if (shots) await page.screenshot({ path: `${shots}/status-paid-390.png`, fullPage: true });
    if (shots) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${shots}/status-paid-1280.png`, fullPage: true });
    }
    await client.close();
  });
});
