// The card on file, end to end at 390 px: the client saves a card at the booking step on the
// local fake of Stripe's page and books; the session comes and goes without them, and the artist
// charges the no-show fee from the request's card, confirming the client and the amount first.
// CARD_SHOTS=<folder> also writes the screenshots of both steps at 390 and 1280 px.
import { describe, expect, inject, it } from "vitest";
import { openRequestCard, signedInAdminPage, useAdminAccount } from "../support/admin-browser";
import { axeViolations } from "../support/axe";
import { skipConsentDialog } from "../support/consent";
import { d1, depositPaidFor, requestWithAcceptedQuote, sessionHasBegun, statusLinkFor } from "../support/d1";
import { bookFromCard, unique, useFormPages } from "../support/form-pages";

const baseUrl = inject("baseUrl");
const { newContext } = useFormPages();
const account = useAdminAccount("card@e2e-studio.test", "a card on file e2e passphrase 38");
const shots = process.env.CARD_SHOTS;
const policy =
  "A credit card on file is required for every appointment. It is charged only for a no-show or a cancellation within 48 hours.";

describe("the card on file", () => {
  it("at 390 px: saved at booking on Stripe's page, then charged for a no-show by the artist", async () => {
    const tag = unique();
    const name = "Cara Nocard";
    const { id, quoteId } = requestWithAcceptedQuote({
      name,
      email: `card.${tag}@example.com`,
      phone: "+1 240 555 0177",
      idea: `A fern along the collarbone. ${tag}`,
      status: "contacted",
      cardOnFile: false,
    });
    depositPaidFor(id, quoteId);
    const path = `/requests/${statusLinkFor(id)}`;
    // bypassCSP only lets the test inject axe itself.
    const client = await newContext({
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
      extraHTTPHeaders: { "CF-Connecting-IP": `203.0.113.${Math.floor(Math.random() * 200) + 20}` },
    });
    client.setDefaultTimeout(8000);
    await skipConsentDialog(client);
    const page = await client.newPage();

    // The step before the times: the policy in its published words, then Stripe's page.
    await page.goto(`${baseUrl}${path}?week=3#booking`);
    const booking = page.locator("#booking");
    expect(await booking.getByRole("heading", { name: "First, a card on file" }).count()).toBe(1);
    expect(await booking.locator(".card-step__policy").textContent()).toBe(policy);
    expect(await booking.getByRole("button", { name: "Book this time" }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    if (shots) {
      await booking.screenshot({ path: `${shots}/card-step-390.png` });
      await page.setViewportSize({ width: 1280, height: 900 });
      await booking.screenshot({ path: `${shots}/card-step-1280.png` });
      await page.setViewportSize({ width: 390, height: 844 });
    }
    await booking.getByRole("button", { name: "Save a card with Stripe" }).click();
    await page.waitForURL(/\/setup\/cs_test_/);
    await page.getByRole("button", { name: "Save card" }).click();
    await page.waitForURL(/\?card=saved#booking$/);
    expect(await booking.getByRole("status").textContent()).toBe(
      "Your card is saved. Now choose your session's time.",
    );
    expect(await booking.locator(".card-step__saved").textContent()).toContain(
      "Card on file: Visa ending 4242",
    );
    if (shots) await booking.screenshot({ path: `${shots}/card-saved-390.png` });
    const [card] = d1<{ last4: string; status: string }>(
      "SELECT last4, status FROM saved_cards WHERE submission_id = ?",
      id,
    );
    expect(card).toEqual({ last4: "4242", status: "saved" });

    // Booked, a few weeks on, clear of the other files' sessions.
    await bookFromCard(page, "last", 3);
    await client.close();

    // The day comes, and the client does not.
    sessionHasBegun(id);
    const browser = page.context().browser();
    if (!browser) throw new Error("no browser");
    const admin = await signedInAdminPage(browser, account, {
      width: 390,
      address: "2001:db8:ca2d::390",
      bypassCSP: true,
    });
    await openRequestCard(admin.page, tag, name);
    const fee = admin.page.locator(".admin-fee");
    await expect.poll(() => fee.textContent()).toContain("Card on file: Visa ending 4242");
    await fee.getByRole("button", { name: "Mark no-show: charge $100" }).click();
    const dialog = admin.page.getByRole("dialog", { name: "Charge the no-show fee?" });
    expect(await axeViolations(admin.page)).toEqual([]);
    expect(await dialog.textContent()).toContain(`Charge $100 to ${name}'s Visa ending 4242, expires 12/`);
    if (shots) {
      await admin.page.screenshot({ path: `${shots}/admin-fee-confirm-390.png` });
      await admin.page.setViewportSize({ width: 1280, height: 900 });
      await admin.page.screenshot({ path: `${shots}/admin-fee-confirm-1280.png` });
    }
    await dialog.getByRole("button", { name: "Charge $100" }).click();
    await expect
      .poll(() => fee.getByRole("status").textContent())
      .toBe("Charged: $100 no-show fee. The client is e-mailed the receipt.");
    await expect
      .poll(() => fee.locator(".admin-fee__status").textContent())
      .toContain("$100 no-show fee charged");
    expect(await fee.getByRole("button", { name: /charge/i }).count()).toBe(0);
    // The no-show ended the session: nothing left to mark done or cancel.
    await expect.poll(() => admin.page.locator(".admin-session__status").textContent()).toBe("Cancelled");
    expect(await admin.page.getByRole("button", { name: "Cancel session" }).count()).toBe(0);
    if (shots) {
      await admin.page.locator(".admin-session").screenshot({ path: `${shots}/admin-fee-charged-1280.png` });
      await admin.page.setViewportSize({ width: 390, height: 844 });
      await admin.page.locator(".admin-session").screenshot({ path: `${shots}/admin-fee-charged-390.png` });
    }
    const [charged] = d1<{ status: string; amount_cents: number; kind: string }>(
      "SELECT status, amount_cents, kind FROM session_fees WHERE submission_id = ?",
      id,
    );
    expect(charged).toEqual({ status: "charged", amount_cents: 10_000, kind: "no-show" });
    expect(
      d1("SELECT topic FROM mail_queue WHERE request_id = ? AND topic = 'fee-receipt'", id),
    ).toHaveLength(1);
    expect(admin.problems).toEqual([]);
    await admin.context.close();
  });
});
