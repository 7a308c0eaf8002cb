// The artist on a train: the admin opens offline with Today as it last loaded, marked as such;
// once she signs out, nothing of her data is left in the browser.
import { describe, expect, inject, it } from "vitest";
import { signedInAdminPage, useAdminAccount } from "../support/admin-browser";
import { oldestPendingRequest } from "../support/d1";
import { useBrowser } from "../support/use-browser";

const baseUrl = inject("baseUrl");
const browser = useBrowser();
const account = useAdminAccount("offline@e2e-studio.test", "an offline e2e passphrase 31");

describe("the admin offline", () => {
  it("opens Today as it last loaded, says so, and keeps nothing of it after signing out", async () => {
    const { name } = oldestPendingRequest("Offline", "+1 240 555 0102", "A swallow on the hand");
    const { page, context } = await signedInAdminPage(browser(), account, {
      width: 390,
      address: "2001:db8:0ff::390",
    });
    // The admin's worker starts a moment after the first load; from the next load on, it keeps
    // the page, its files and the last Today.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.getByRole("link", { name: new RegExp(name) }).waitFor();
    await expect
      .poll(() =>
        page.evaluate(async () => (await caches.open("gn-admin-private")).keys().then((k) => k.length)),
      )
      .toBe(2);
    // Today arrives drawn with her day; the page kept for offline is the plain one, with nothing of hers.
    const keptPage = () =>
      page.evaluate(
        async () => (await (await caches.open("gn-admin-shell-v1")).match("/admin/"))?.text() ?? "",
      );
    await expect.poll(keptPage).toContain('<div id="root"></div>');
    expect(await keptPage()).not.toContain(name);

    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Today");
    await expect
      .poll(() => page.locator(".today__offline").textContent())
      .toMatch(/^Offline: this is Today as of \d{1,2}:\d{2} [AP]M, the last time it loaded\./);
    expect(await page.getByRole("link", { name: new RegExp(name) }).count()).toBe(1);

    await context.setOffline(false);
    await page.reload();
    await expect.poll(() => page.locator(".today__offline").count()).toBe(0);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${baseUrl}/`);
    expect(await page.evaluate(() => caches.keys())).not.toContain("gn-admin-private");
    await context.close();
  });
});
