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
    // Someone else's request, for the inbox that "Show all" returns to.
    oldestPendingRequest("Waiting", "+1 240 555 0102", "A swallow on the hand");
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

  it("opens Today with its code and her data asked for beside the page, the data once", async () => {
    const { page, context } = await signedInAdminPage(browser(), account, {
      width: 390,
      address: "2001:db8:70da::392",
    });
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    await page.reload();
    await page.getByRole("heading", { name: "Today", level: 1 }).waitFor();
    await expect.poll(() => page.locator(".today, .admin-empty").count()).toBeGreaterThan(0);
    // The page names Today's code and both answers, so none waits on the admin's script.
    const html = await (await page.request.get(`${baseUrl}/admin/today`)).text();
    const todayChunk = /<link rel="modulepreload" crossorigin href="(\/assets\/today-[^"]+\.js)">/.exec(
      html,
    )?.[1];
    expect(todayChunk).toBeTruthy();
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/admin/today">');
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/admin/session">');
    // The screen took the answer the page asked for: Today's data crossed the network once.
    expect(asked.filter((path) => path === "/api/admin/today")).toHaveLength(1);
    // Another screen's address is the plain page: nothing is asked for it in advance.
    const other = await (await page.request.get(`${baseUrl}/admin/schedule`)).text();
    expect(other).not.toContain('rel="preload" as="fetch"');
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
