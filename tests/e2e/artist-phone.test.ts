// The artist's day on a phone: she lands on Today, taps an overdue reply and is on its card,
// with the client's history;
// on Schedule she makes her calendar's address, which her calendar app can then fetch.
import { describe, expect, inject, it } from "vitest";
import { signedInAdminPage, useAdminAccount } from "../support/admin-browser";
import { oldestPendingRequest } from "../support/d1";
import { useBrowser } from "../support/use-browser";

const baseUrl = inject("baseUrl");
const browser = useBrowser();
const account = useAdminAccount("phone@e2e-studio.test", "a phone e2e passphrase 57");

describe("the artist's phone", () => {
  it("lands on Today, where an overdue reply is one tap from its card", async () => {
    const { id, name } = oldestPendingRequest("Overdue", "+1 240 555 0101", "A koi up the forearm");
    const { page, context } = await signedInAdminPage(browser(), account, {
      width: 390,
      address: "2001:db8:70da::390",
    });
    expect(new URL(page.url()).pathname).toBe("/admin/today");
    const line = page.getByRole("link", { name: new RegExp(name) });
    await expect.poll(() => line.textContent()).toMatch(/reply overdue by \d+ days/);
    await line.click();
    await page.waitForURL(
      (url) => url.pathname === "/admin/consultations" && url.searchParams.get("open") === id,
    );
    await page.locator(".admin-card", { hasText: name }).getByLabel("Admin notes").waitFor();
    // The card alone, however old: the rest of the inbox is one tap away.
    expect(await page.locator(".admin-card").count()).toBe(1);
    // The client's history is on the card: their first request, so nothing earlier.
    await page.getByText("Client history", { exact: true }).click();
    await expect
      .poll(() => page.locator(".admin-history").textContent())
      .toContain("This is the client's first request.");
    await page.getByRole("button", { name: "Show all" }).click();
    await expect.poll(() => page.locator(".admin-card").count()).toBeGreaterThan(1);
    await context.close();
  });

  it("makes her calendar's address on Schedule, which then serves her sessions as a calendar", async () => {
    const { page, context } = await signedInAdminPage(browser(), account, {
      width: 390,
      address: "2001:db8:70da::391",
    });
    page.on("dialog", (dialog) => dialog.accept());
    await page.getByRole("link", { name: "Schedule", exact: true }).click();
    await page.getByRole("button", { name: /Make my calendar address|Make a new address/ }).click();
    const field = page.getByLabel("The address, for any other calendar app");
    await expect.poll(() => field.inputValue()).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const apple = await page.getByRole("link", { name: "Add to Apple Calendar" }).getAttribute("href");
    expect(apple).toMatch(/^webcal:\/\/.+\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await page.request.get(`${baseUrl}${new URL(await field.inputValue()).pathname}`);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(await feed.text()).toContain("X-WR-CALNAME:Gilded Needle sessions");
    await context.close();
  });
});
