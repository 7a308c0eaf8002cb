// The artist's session ending while she is away from the screen: the warning before, and after
// it the sign-in page with a message that brings her back to the same screen and note.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { loginMessages } from "../../shared/admin";
import { adminPage, signInHere, useAdminAccount } from "../support/admin-browser";
import { d1 } from "../support/d1";
import { useBrowser } from "../support/use-browser";

const baseUrl = inject("baseUrl");
const browser = useBrowser();
const account = useAdminAccount("idle-artist@e2e-studio.test", "an idle e2e passphrase 58");
const requestId = "idle-e2e-request";

beforeAll(async () => {
  d1(
    `INSERT INTO consultation_requests (id, name, email, phone, tattoo_idea, status, created_at)
     VALUES (?, 'Ana Idlewood', 'ana.idlewood@example.com', '3015550177', 'A moth on the sternum', 'pending',
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
    requestId,
  );
});

/**
 * The server's side of time passing: her sessions were last used `minutes` ago. The browser's
 * clock is moved by the same amount, so both agree on how long she has been away.
 */
function lastUsed(minutes: number) {
  d1(
    `UPDATE admin_sessions SET last_seen_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?)
     WHERE admin_id = (SELECT id FROM admins WHERE email = ?) AND revoked_at IS NULL`,
    `-${minutes} minutes`,
    account.email,
  );
}

describe("the idle timeout, seen from the screen", () => {
  it("warns before the end, can stay signed in, and after the end shows sign-in with a message, then the same screen", async () => {
    const { context, page, problems } = await adminPage(browser(), {
      width: 390,
      address: "2001:db8:1d1e::1",
      clock: true,
    });
    const screen = `/admin/consultations?q=Idlewood&open=${requestId}`;
    await page.goto(`${baseUrl}/admin/login`);
    await signInHere(page, account);
    await page.waitForURL(`${baseUrl}/admin/today`);
    await page.goto(`${baseUrl}${screen}`);
    const card = page.locator(".admin-card", { hasText: "Ana Idlewood" });
    const note = "Call back after her shift: she works nights";
    await card.getByLabel("Admin notes").fill(note);
    // The open card's panels load on their own: an answer landing after the jump below would
    // slide the session (as any answer does) and close the warning under the click.
    await page.waitForLoadState("networkidle");

    // 28 minutes away: the warning, and staying signed in.
    const warning = page.getByRole("dialog", { name: "Still there?" });
    expect(await warning.isVisible()).toBe(false);
    lastUsed(28.5);
    await page.clock.fastForward("28:30");
    await expect.poll(() => warning.isVisible()).toBe(true);
    await warning.getByRole("button", { name: "Stay signed in" }).click();
    await expect.poll(() => warning.isVisible()).toBe(false);
    expect(page.url()).toBe(`${baseUrl}${screen}`);

    // Then 31 minutes without a request: the screen does not stay as if signed in.
    lastUsed(31);
    await page.clock.fastForward("31:00");
    // What she sees: the sign-in screen in place of the request, as if no one were signed in.
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent(), { timeout: 15_000 })
      .toBe("Admin sign in");
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await expect.poll(() => page.getByRole("status").first().textContent()).toBe(loginMessages.sessionEnded);
    await signInHere(page, account);
    await page.waitForURL(`${baseUrl}${screen}`);
    await expect.poll(() => card.getByLabel("Admin notes").inputValue()).toBe(note);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it("returns only to a screen of the admin area after signing in", async () => {
    const { context, page } = await adminPage(browser(), { width: 1280, address: "2001:db8:1d1e::2" });
    await page.goto(`${baseUrl}/admin/login?next=${encodeURIComponent("//evil.example/admin/x")}`);
    await signInHere(page, account);
    // She lands on Today, not on a screen named after the other site's address.
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Today");
    expect(page.url()).toBe(`${baseUrl}/admin/today`);
    await context.close();
  });
});
