// The artist's inbox as she uses it, on a phone and a desk: search, filter, page, change a
// status, reload and go back, with her place kept and failures shown.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { adminPage, createAdminAccount, refuseRequestSaves, signInHere } from "../support/admin-browser";
import { d1 } from "../support/d1";
import { holdRequests } from "../support/form-pages";
import { useBrowser } from "../support/use-browser";

const baseUrl = inject("baseUrl");
const browser = useBrowser();
const account = { email: "inbox-artist@e2e-studio.test", password: "an inbox e2e passphrase 31" };

beforeAll(() => createAdminAccount(account.email, account.password, inject("adminPepper")));

/**
 * 25 requests whose names carry `token`, newest first: the newest has a hostile, non-ASCII
 * name; the next five are Contacted, the rest Pending.
 */
function seedRequests(token: string) {
  d1(
    `INSERT INTO consultation_requests (id, name, email, phone, tattoo_idea, size, placement, budget, status, created_at)
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 25)
     SELECT ?1 || '-' || i,
       CASE WHEN i = 1 THEN 'Zoë Ruiz ' || ?1 || ' <img src=x onerror="window.__xss=1">'
            ELSE ?1 || ' Client ' || printf('%02d', i) END,
       lower(?1) || i || '@example.com', '(301) 555-01' || printf('%02d', i),
       'A fine-line peony, request ' || i, 'Medium (4-6 inches)', 'Forearm', '$300-600',
       CASE WHEN i BETWEEN 2 AND 6 THEN 'contacted' ELSE 'pending' END,
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || i || ' minutes')
     FROM n`,
    token,
  );
}

const cards = (page: Page) => page.locator(".admin-card");
/** The names the cards on screen show that carry `token`: a list still settling shows fewer. */
const namesWith = async (page: Page, token: string) =>
  (await page.locator(".admin-card__name").allTextContents()).filter((name) => name.includes(token));
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

for (const [width, address] of [
  [390, "2001:db8:1b0::390"],
  [1280, "2001:db8:1b0::1280"],
] as const) {
  describe(`the inbox at ${width} px`, () => {
    it("searches, filters, pages, changes a status in place, and keeps it all through reload and back", async () => {
      const token = `Quill${width}`;
      seedRequests(token);
      const { context, page, problems } = await adminPage(browser(), { width, address });
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
      await page.goto(`${baseUrl}/admin/login`);
      await signInHere(page, account);
      await page.waitForURL(`${baseUrl}/admin/today`);
      await page.getByRole("link", { name: "Requests", exact: true }).click();
      await page.waitForURL(`${baseUrl}/admin/consultations`);

      // Search: the address keeps it; 20 of the 25 matches on the first page. Nothing below
      // depends on the order of the matches, which a ranked search decides.
      await page.getByLabel("Search requests").fill(token);
      await page.getByLabel("Search requests").press("Enter");
      await expect.poll(() => param(page, "q")).toBe(token);
      await expect.poll(() => cards(page).count()).toBe(20);
      await expect.poll(() => page.getByText("20 shown, more available").count()).toBe(1);
      await expect.poll(async () => (await namesWith(page, token)).length).toBe(20);
      const firstPage = await namesWith(page, token);

      // Filter, then back and forward through the address.
      const chip = (label: string) =>
        page.locator(".admin-chips").getByRole("button", { name: new RegExp(`^${label}`) });
      await chip("Contacted").click();
      await expect.poll(() => param(page, "status")).toBe("contacted");
      await expect.poll(() => cards(page).count()).toBe(5);
      // The badge is the request's lifecycle state: "contacted" with nothing after it is "Replied".
      expect(new Set(await page.locator(".admin-card .admin-status").allTextContents())).toEqual(
        new Set(["Replied"]),
      );
      await page.goBack();
      await expect.poll(() => param(page, "status")).toBeNull();
      await expect.poll(() => cards(page).count()).toBe(20);
      expect(param(page, "q")).toBe(token);
      await page.goForward();
      await expect.poll(() => cards(page).count()).toBe(5);
      await page.goBack();
      await expect.poll(() => cards(page).count()).toBe(20);

      // The next page, by its cursor in the address, holds the other five; Back returns.
      await page.getByRole("button", { name: "Older" }).click();
      await expect.poll(() => param(page, "cursor")).not.toBeNull();
      await expect.poll(() => cards(page).count()).toBe(5);
      await expect.poll(async () => (await namesWith(page, token)).length).toBe(5);
      const secondPage = await namesWith(page, token);
      expect(new Set([...firstPage, ...secondPage]).size).toBe(25);
      await page.goBack();
      await expect.poll(() => cards(page).count()).toBe(20);
      expect(param(page, "cursor")).toBeNull();

      // The 20 pending ones fit one page; among them a hostile name, shown as the text it is.
      await chip("Pending").click();
      await expect.poll(() => param(page, "status")).toBe("pending");
      await expect.poll(() => cards(page).count()).toBe(20);
      expect(await page.locator(".admin-card__name", { hasText: "Zoë Ruiz" }).textContent()).toBe(
        `Zoë Ruiz ${token} <img src=x onerror="window.__xss=1">`,
      );
      expect(await page.evaluate(() => "__xss" in window)).toBe(false);

      // An opened card is in the address: a reload keeps the search, the filter and the card.
      const name = `${token} Client 12`;
      const card = page.locator(".admin-card", { hasText: name });
      const toggle = card.getByRole("button", { name: new RegExp(name) });
      await toggle.click();
      await expect.poll(() => param(page, "open")).toBe(`${token}-12`);
      await page.reload();
      await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
      expect(await page.getByLabel("Search requests").inputValue()).toBe(token);
      expect(await chip("Pending").getAttribute("aria-pressed")).toBe("true");

      // A note being typed survives a reload, and is forgotten once saved.
      const note = "Prefers Saturday mornings — will send reference photos";
      await card.getByLabel("Admin notes").fill(note);
      await page.reload();
      await expect.poll(() => card.getByLabel("Admin notes").inputValue()).toBe(note);
      expect(await card.getByText("Unsaved note restored from before.").count()).toBe(1);
      await card.getByRole("button", { name: "Save notes" }).click();
      await expect.poll(() => card.locator(".admin-card__notice").textContent()).toBe("Note saved.");
      expect(
        await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.includes("note-draft"))),
      ).toEqual([]);

      // A status change: shown at once, the card stays open where it is (even though it no
      // longer matches the filter) and the page does not move.
      await card.getByRole("button", { name: "Scheduled", exact: true }).scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      await card.getByRole("button", { name: "Scheduled", exact: true }).click();
      await expect.poll(() => card.locator(".admin-status").textContent()).toBe("Booked");
      await expect.poll(() => card.locator(".admin-card__notice").textContent()).toBe("Marked as Scheduled.");
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(2);
      expect([param(page, "q"), param(page, "status"), param(page, "open")]).toEqual([
        token,
        "pending",
        `${token}-12`,
      ]);

      // A refused save is shown and rolled back.
      const before = problems.length;
      await refuseRequestSaves(page);
      await card.getByRole("button", { name: "Completed", exact: true }).click();
      await expect
        .poll(() => card.getByRole("alert").textContent())
        .toBe("Could not save: Something went wrong on our side.");
      expect(await card.locator(".admin-status").textContent()).toBe("Booked");
      expect(await card.getByRole("button", { name: "Scheduled", exact: true }).isDisabled()).toBe(true);
      await page.unrouteAll();
      // The refused call's own console line is the only one it may leave.
      expect(problems.splice(before).every((line) => /status of 500/.test(line))).toBe(true);

      // Reply, call, text and copy, one tap each.
      const first = token;
      expect(await card.getByRole("link", { name: "Reply by e-mail" }).getAttribute("href")).toBe(
        `mailto:${token.toLowerCase()}12@example.com?subject=Your%20consultation%20request%20at%20Gilded%20Needle&body=Hi%20${first}%2C%0A%0A`,
      );
      expect(await card.getByRole("link", { name: `Call ${first}` }).getAttribute("href")).toBe(
        "tel:+13015550112",
      );
      expect(await card.getByRole("link", { name: `Text ${first}` }).getAttribute("href")).toBe(
        "sms:+13015550112",
      );
      await card.getByRole("button", { name: "Copy details" }).click();
      await expect.poll(() => card.locator(".admin-contact__status").textContent()).toBe("Copied");
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toContain(`Name: ${name}`);
      expect(copied).toContain("Phone: (301) 555-0112");

      // The activity log in plain words, without ids.
      const log = page.getByRole("list", { name: "The 25 most recent changes" });
      await expect.poll(() => log.textContent()).toContain(`Marked ${name}'s consultation as Scheduled`);
      await expect.poll(() => log.textContent()).toMatch(/Added a note to .*'s consultation/);
      expect(await log.textContent()).not.toContain(`${token}-12`);
      expect(await log.locator("li").first().textContent()).toMatch(/(just now|\d+ min ago) by /);

      expect(problems).toEqual([]);
      await context.close();
    }, 90_000);
  });
}

describe("search results as the list answers them", () => {
  it("marks the matched stretches as text, and the chips count what the search matches", async () => {
    const { context, page, problems } = await adminPage(browser(), {
      width: 390,
      address: "2001:db8:1b0::a11",
    });
    const item = {
      id: "marked-1",
      name: "Ana Ruiz",
      email: "ana@example.com",
      phone: "3015550100",
      tattooIdea: "A koi fish swimming up the forearm, with waves",
      size: null,
      placement: "Forearm",
      timeframe: null,
      experience: null,
      budget: null,
      availability: null,
      status: "pending",
      createdAt: "2026-11-20T15:00:00.000Z",
      updatedAt: "2026-11-20T15:00:00.000Z",
      adminNotes: null,
      notification: null,
      referenceImages: [],
      highlights: [
        {
          field: "name",
          segments: [
            { text: "Ana", match: true },
            { text: " Ruiz", match: false },
          ],
        },
        {
          field: "tattooIdea",
          segments: [
            { text: "A ", match: false },
            { text: "koi", match: true },
            { text: " fish <b>swimming</b>", match: false },
          ],
        },
      ],
    };
    await page.route("**/api/admin/consultations?*", (route) =>
      route.fulfill({
        contentType: "application/json",
        body: JSON.stringify({
          items: [item],
          nextCursor: null,
          counts: { all: 1, pending: 1, contacted: 0, scheduled: 0, completed: 0, cancelled: 0 },
          totals: { consultations: 9876, contacts: 5 },
        }),
      }),
    );
    // The made-up request is not on the server: the panels its opened card loads (the thread,
    // the quote, the release form, aftercare, the stamp it follows) get what a new request's would (otherwise a 404 shows in the console
    // whenever one of them answers before the test ends).
    const answers: Record<string, unknown> = {
      messages: { messages: [], templates: [] },
      quote: { quote: null, deposit: null, policyDepositCents: 10_000, onlinePayments: false },
      "release-form": { releaseForm: null },
      version: { version: "unchanged" },
      aftercare: {
        completedAt: null,
        day: null,
        reminders: { since: null, stoppedAt: null },
        portfolio: { allowedAt: null, withdrawnAt: null, pieceIds: [] },
        images: [],
      },
    };
    for (const [path, body] of Object.entries(answers)) {
      await page.route(`**/api/admin/consultations/marked-1/${path}`, (route) =>
        route.fulfill({ contentType: "application/json", body: JSON.stringify(body) }),
      );
    }
    await page.route("**/api/admin/texts/of/marked-1", (route) =>
      route.fulfill({ contentType: "application/json", body: JSON.stringify({ optIn: null, messages: [] }) }),
    );
    await page.goto(`${baseUrl}/admin/login?next=${encodeURIComponent("/admin/consultations?q=ana+koi")}`);
    await signInHere(page, account);
    await page.waitForURL(/\/admin\/consultations\?q=ana/);
    const card = page.locator(".admin-card", { hasText: "Ruiz" });
    await expect.poll(() => card.locator("mark").allTextContents()).toEqual(["Ana", "koi"]);
    expect(await card.locator(".admin-card__summary").textContent()).toBe("A koi fish <b>swimming</b>");
    expect(await card.locator("b").count()).toBe(0);
    const chip = (name: string) =>
      page.locator(".admin-chips").getByRole("button", { name: new RegExp(`^${name}`) });
    expect(await chip("All").textContent()).toBe("All 1");
    expect(await chip("Pending").textContent()).toBe("Pending 1");
    expect(await page.getByRole("tab", { name: /Consultation Requests/ }).textContent()).toContain("9876");
    // Opened, the long field shows all of its text, the matched word still marked.
    await card.getByRole("button", { name: /Ruiz/ }).click();
    const idea = card.locator("dd", { hasText: "waves" });
    expect(await idea.textContent()).toBe("A koi fish swimming up the forearm, with waves");
    expect(await idea.locator("mark").allTextContents()).toEqual(["koi"]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("an opened card while its panels load", () => {
  it("keeps the status buttons where they are until the release form answers", async () => {
    const id = "still-buttons-1";
    d1(
      `INSERT INTO consultation_requests (id, name, email, phone, tattoo_idea, size, placement, budget, status, created_at)
       VALUES (?1, 'Noor Still', 'noor.still@example.com', '3015550142', 'A moth on the sternum', 'Large (6+ inches)', 'Sternum', '$600-1000', 'pending', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
      id,
    );
    const { context, page, problems } = await adminPage(browser(), {
      width: 390,
      address: "2001:db8:1b0::511",
    });
    // The release form's answer waits until the test lets it go, as a slow network would.
    const release = await holdRequests(page, `**/api/admin/consultations/${id}/release-form`);
    const view = `/admin/consultations?q=${encodeURIComponent("Noor Still")}&open=${id}`;
    await page.goto(`${baseUrl}/admin/login?next=${encodeURIComponent(view)}`);
    await signInHere(page, account);
    const card = page.locator(".admin-card", { hasText: "Noor Still" });
    const contacted = card.getByRole("button", { name: "Contacted", exact: true });
    await expect.poll(() => contacted.isVisible()).toBe(true);
    const top = () =>
      page.evaluate(() => {
        const button = [...document.querySelectorAll(".admin-status-buttons button")].find(
          (b) => b.textContent === "Contacted",
        );
        return button ? button.getBoundingClientRect().top + window.scrollY : null;
      });
    const before = await top();
    expect(await card.getByText("checking…").count()).toBe(1);

    release();
    await expect.poll(() => card.getByText("not signed yet").count()).toBe(1);
    expect(await top()).toBe(before);
    expect(problems).toEqual([]);
    await context.close();
  });
});
