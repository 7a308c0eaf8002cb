// The waitlist on the served worker, as the artist and a visitor meet it: the artist closes the
// books through the admin's content API, a visitor on a phone signs up (with JavaScript and
// without), the artist reopens them, and the reopening e-mail's unsubscribe link works. The last
// test restores the seeded content, so the files after this one see the studio as it was.
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { adminApi } from "../support/admin-api";
import { signedInAdminPage, useAdminAccount } from "../support/admin-browser";
import { axeViolations } from "../support/axe";
import { skipConsentDialog } from "../support/consent";
import { d1, sqlText } from "../support/d1";
import { unique, waitForFillTime } from "../support/form-pages";
import { gotoReady } from "../support/islands";
import { watchScripts } from "../support/script-budget";
import { sentMailTo } from "../support/sent-mail";
import { useBrowser } from "../support/use-browser";

const baseUrl = inject("baseUrl");
const browser = useBrowser();
const account = useAdminAccount("waitlist@e2e-studio.test", "a waitlist passphrase 58");
const closedMessage = `Books closed until spring ${unique()}: the flash day list opens first.`;
const tag = unique();
const withScript = `wren.${tag}@example.com`;
const withoutScript = `noor.${tag}@example.com`;
let seededVersion = 0;
const startedAt = Date.now();

// An address of its own: the sign-in tests lock 127.0.0.1 out on purpose.
const { call, signIn, liveVersion, restoreVersion } = adminApi(baseUrl, "2001:db8:11f::1");

async function publishBooking(booking: { booksOpen: boolean; message?: string }) {
  const drafts = (await (await call("GET", "/api/admin/content")).json()) as {
    version: number;
    sections: Record<string, { revision: number }>;
  };
  const saved = await call("PUT", "/api/admin/content/sections/booking", {
    data: booking,
    revision: drafts.sections.booking?.revision,
  });
  expect(saved.status).toBe(200);
  const published = await call("POST", "/api/admin/content/publish", { baseVersion: drafts.version });
  expect(published.status).toBe(201);
}

/** Until the live page says what was published (a location re-reads the version within 5 s). */
async function pageShows(text: string) {
  await expect
    .poll(async () => (await (await fetch(`${baseUrl}/book-consultation`)).text()).includes(text), {
      timeout: 10_000,
      interval: 250,
    })
    .toBe(true);
}

async function phone(
  options: { javaScriptEnabled?: boolean; bypassCSP?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser().newContext({ viewport: { width: 390, height: 844 }, ...options });
  await skipConsentDialog(context);
  context.setDefaultTimeout(8000);
  return { context, page: await context.newPage() };
}

const entryOf = (email: string) =>
  d1<{ name: string; styles: string; notified_at: string | null; mail_status: string | null }>(
    `SELECT name, styles, notified_at, (SELECT q.status FROM mail_queue q WHERE q.kind = 'waitlist' AND q.subject_id = w.id ORDER BY q.created_at DESC LIMIT 1) AS mail_status FROM waitlist_entries w WHERE email = ${sqlText(email)}`,
  )[0];

/** The reopening e-mail to `to`, as the local send_email binding kept it. */
async function mailTo(to: string): Promise<string | undefined> {
  const mails = await sentMailTo(baseUrl, to, startedAt);
  return mails.map((mail) => mail.text).find((text) => text.includes("/waitlist/leave"));
}

beforeAll(async () => {
  await signIn(account);
  seededVersion = await liveVersion();
});

describe("the waitlist while the books are closed", () => {
  it("the artist closes the books: /book-consultation offers the waitlist, and the buttons say so", async () => {
    await publishBooking({ booksOpen: false, message: closedMessage });
    await pageShows(closedMessage);
    const home = await (await fetch(`${baseUrl}/`)).text();
    expect(home).toContain("Join the waitlist");
    expect(home).not.toContain("Book a free consultation");
  });

  it("the closed page, an error and the leave page have no axe violations on a phone", async () => {
    // bypassCSP only lets the test inject axe itself; the pages keep their own policy.
    const { context, page } = await phone({ bypassCSP: true });
    await gotoReady(page, `${baseUrl}/book-consultation`);
    expect(await axeViolations(page), "closed page").toEqual([]);
    await page.getByRole("button", { name: "Join the waitlist" }).click();
    await expect.poll(() => page.locator(".form-banner--error").count()).toBe(1);
    // From the top, as the page opens: scrolled to the first field to fix, the sticky header
    // would sit over some boxes, and axe counts a box under it as too small a target.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await axeViolations(page), "its error state").toEqual([]);
    await gotoReady(page, `${baseUrl}/waitlist/leave?token=${"0".repeat(32)}`);
    expect(await axeViolations(page), "the leave page").toEqual([]);
    await context.close();
  });

  it("a visitor on a phone signs up with JavaScript, within the page's script budget", async () => {
    const { context, page } = await phone();
    const { scripts, sentKiB, problems } = watchScripts(page);
    await page.clock.install();
    await gotoReady(page, `${baseUrl}/book-consultation`);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("The books are closed for now");
    expect(await page.getByText(closedMessage).count()).toBe(1);
    expect(await page.locator("#consultation-form").count()).toBe(0);
    // The request form's code is not loaded for a page that does not show it.
    expect(await sentKiB(), [...scripts].join(" ")).toBeLessThanOrEqual(90);
    expect([...scripts].some((path) => path.includes("consultation-request"))).toBe(false);

    await page.getByRole("textbox", { name: "Name" }).fill("Wren Adebayo");
    await page.getByRole("textbox", { name: "Email" }).fill(withScript);
    const firstBox = page.locator('input[name="styles"]').first();
    const style = (await firstBox.getAttribute("value")) ?? "";
    // A whole row is the touch target: at least 44 px high on a phone.
    const box = await page.locator(".waitlist__style").first().boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    await page.locator(".waitlist__style").first().click();
    await page.clock.fastForward(3200);
    await page.getByRole("button", { name: "Join the waitlist" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "You're on the waitlist" }).count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("waitlist-joined-title");
    expect(entryOf(withScript)).toMatchObject({ name: "Wren Adebayo", notified_at: null });
    expect(JSON.parse(entryOf(withScript)?.styles ?? "[]")).toEqual([style]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a visitor on a phone signs up with JavaScript off", async () => {
    const { context, page } = await phone({ javaScriptEnabled: false });
    await page.goto(`${baseUrl}/book-consultation`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("The books are closed for now");
    // A mistake first: the page comes back with what was typed and the reason.
    await page.getByRole("textbox", { name: "Name" }).fill("Noor Haddad");
    await page.getByRole("textbox", { name: "Email" }).fill("noor-at-example");
    await page.getByRole("button", { name: "Join the waitlist" }).click();
    await page.waitForURL(`${baseUrl}/forms/waitlist`);
    expect(await page.locator("#waitlist-email-error").textContent()).toContain("Invalid email format");
    expect(await page.getByRole("textbox", { name: "Name" }).inputValue()).toBe("Noor Haddad");
    await waitForFillTime(context);
    await page.getByRole("textbox", { name: "Email" }).fill(withoutScript);
    await page.getByRole("button", { name: "Join the waitlist" }).click();
    await page.waitForURL(/\/forms\/waitlist\/joined/);
    expect(await page.getByRole("heading", { name: "You're on the waitlist" }).count()).toBe(1);
    expect(entryOf(withoutScript)).toMatchObject({ name: "Noor Haddad", notified_at: null });
    await context.close();
  });

  it("the artist sees who waits on the Studio's booking tab", async () => {
    const session = await signedInAdminPage(browser(), account, { width: 390, address: "2001:db8:11f::2" });
    await session.page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Studio" })
      .click();
    await session.page
      .getByRole("navigation", { name: "Studio sections" })
      .getByRole("link", { name: "Booking" })
      .click();
    const note = session.page.locator(".studio-note", { hasText: "waiting; reopening tells them once" });
    await expect.poll(() => note.textContent(), { timeout: 10_000 }).toMatch(/^\d+ people are waiting/);
    await session.page.getByText("Who is waiting").click();
    expect(await session.page.locator(".studio-waitlist li", { hasText: withScript }).count()).toBe(1);
    expect(await session.page.locator(".studio-waitlist li", { hasText: withoutScript }).count()).toBe(1);
    expect(session.problems).toEqual([]);
    await session.context.close();
  });

  it("the artist reopens the books: each person gets one e-mail, whose link takes them off the list", async () => {
    await publishBooking({ booksOpen: true });
    await pageShows('id="consultation-form"');
    // Queued in the publish itself, sent right after it by the worker.
    await expect.poll(() => entryOf(withScript)?.mail_status, { timeout: 10_000 }).toBe("sent");
    await expect.poll(() => entryOf(withoutScript)?.mail_status, { timeout: 10_000 }).toBe("sent");
    let mail: string | undefined;
    await expect
      .poll(
        async () => {
          mail = await mailTo(withScript);
          return Boolean(mail);
        },
        { timeout: 10_000, interval: 250 },
      )
      .toBe(true);
    expect(mail).toContain("/book-consultation");
    const link = /https?:\/\/\S+\/waitlist\/leave\?token=[0-9a-f]{32}/.exec(mail ?? "")?.[0] ?? "";
    expect(link).not.toBe("");

    const { context, page } = await phone();
    await page.goto(`${baseUrl}${new URL(link).pathname}${new URL(link).search}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Leave the waitlist");
    expect(entryOf(withScript)).toBeDefined();
    await page.getByRole("button", { name: "Leave the waitlist" }).click();
    await page.waitForLoadState("load");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("You're off the waitlist");
    expect(entryOf(withScript)).toBeUndefined();
    expect(entryOf(withoutScript)).toBeDefined();
    await context.close();
  });

  it("restores the seeded content", async () => {
    await restoreVersion(seededVersion);
  });
});
