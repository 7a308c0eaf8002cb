// The artist's day on a phone: she lands on Today, taps an overdue reply and is on its card,
// with the client's history;
// on Schedule she makes her calendar's address, which her calendar app can then fetch.
import { describe, expect, inject, it } from "vitest";
import { signedInAdminPage, useAdminAccount } from "../support/admin-browser";
import { insertRequest, oldestPendingRequest } from "../support/d1";
import { unique } from "../support/form-pages";
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

  it("opens Today drawn with her day, which the admin's script takes over as it stands", async () => {
    // Received late on New Year's Eve in Maryland, already January 1 on the worker's clock (UTC),
    // and opened on a phone set to another zone: every date she reads is the studio's.
    const name = `Drawn ${unique()}`;
    const id = insertRequest({
      name,
      email: `${unique()}@example.com`,
      phone: "+1 240 555 0103",
      idea: "A moth on the sternum",
      status: "pending",
      createdAt: "2001-01-01T03:00:00.000Z",
    });
    const { page, context, problems } = await signedInAdminPage(browser(), account, {
      width: 390,
      address: "2001:db8:70da::392",
      timezoneId: "America/Los_Angeles",
    });
    // The page itself holds her day: it paints before any script has run.
    const answer = await page.request.get(`${baseUrl}/admin/today`);
    expect(answer.headers()["cache-control"]).toBe("no-store");
    expect(answer.headers()["x-admin-drawn"]).toBe("1");
    const html = await answer.text();
    expect(html).toContain('<h1 id="admin-title">Today</h1>');
    expect(html).toContain(name);
    expect(html.replaceAll("<!-- -->", "")).toContain("New request, Dec 31, 2000");
    expect(html).toContain('<script type="application/json" id="admin-drawn-today">');
    // Without a live session behind the hint, nothing of hers is drawn.
    const stale = await fetch(`${baseUrl}/admin/today`, {
      headers: { Cookie: "gn_signed_in=1; __Host-gn_admin=not-a-session" },
    });
    const plain = await stale.text();
    expect(plain).toContain('<div id="root"></div>');
    expect(plain).not.toContain("admin-drawn-today");
    expect(stale.headers.get("x-admin-drawn")).toBeNull();

    await page.reload({ waitUntil: "commit" });
    const line = page.getByRole("link", { name: new RegExp(name) });
    const drawnLine = await line.elementHandle();
    // Taken over, not drawn again: the line the page arrived with is the one React now runs.
    await expect
      .poll(() =>
        drawnLine?.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactFiber"))),
      )
      .toBe(true);
    expect(await drawnLine?.evaluate((node) => node.isConnected)).toBe(true);
    await line.click();
    await page.waitForURL(
      (url) => url.pathname === "/admin/consultations" && url.searchParams.get("open") === id,
    );
    await page.locator(".admin-card", { hasText: name }).waitFor();
    expect(problems).toEqual([]);
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
