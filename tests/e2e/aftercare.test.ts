// A client's aftercare after a completed session, without JavaScript at 390 px and at 1280 px:
// the day of healing and its checklist, the reminders and the portfolio permission chosen with
// plain forms; and the artist's dashboard counting the path from request to completed.
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { searchRequests, signedInAdminPage, signedInBeside, useAdminAccount } from "../support/admin-browser";
import { axeViolations } from "../support/axe";
import { d1, depositPaidFor, insertRequest, statusLinkFor } from "../support/d1";
import { answerInThread, useFormPages } from "../support/form-pages";
import { jpegFromSvg } from "../support/pictures";

const baseUrl = inject("baseUrl");
const { newContext, phoneWithoutScript } = useFormPages();
const account = useAdminAccount("aftercare-artist@e2e-studio.test", "an aftercare e2e passphrase 52");
const shots = process.env.AFTERCARE_SHOTS;
const dayMs = 86_400_000;

/** A request whose session was done `daysAgo` days ago, with a live status link; its token. */
function healingRequest(daysAgo: number, name = "Maren Healwell"): string {
  const id = randomUUID();
  const completedAt = new Date(Date.now() - daysAgo * dayMs).toISOString();
  insertRequest({
    id,
    name,
    email: `maren.${id.slice(0, 6)}@example.com`,
    phone: "+1 240 555 0199",
    idea: "A fine-line fern along the forearm",
    status: "completed",
    createdAt: new Date(Date.now() - (daysAgo + 40) * dayMs).toISOString(),
  });
  const quoteId = randomUUID();
  d1(
    "INSERT INTO quotes (id, submission_id, price_min_cents, price_max_cents, sessions, session_minutes, deposit_cents, status) VALUES (?, ?, 60000, 60000, 1, 180, 10000, 'accepted')",
    quoteId,
    id,
  );
  depositPaidFor(id, quoteId, completedAt);
  d1(
    "INSERT INTO bookings (id, submission_id, quote_id, starts_at, ends_at, status, completed_at) VALUES (?, ?, ?, ?, ?, 'completed', ?)",
    randomUUID(),
    id,
    quoteId,
    new Date(Date.parse(completedAt) - 3 * 3_600_000).toISOString(),
    completedAt,
    completedAt,
  );
  return statusLinkFor(id);
}

describe("the aftercare companion on the status page", () => {
  it("at 390 px without JavaScript: day N, the checklist, and both choices made and taken back", async () => {
    const token = healingRequest(10);
    const page = await phoneWithoutScript();
    await page.goto(`${baseUrl}/requests/${token}`);
    expect(await page.getByRole("heading", { name: "Where it stands: Completed" }).count()).toBe(1);
    expect(await page.getByRole("heading", { name: /^Day 1[01] of healing$/ }).count()).toBe(1);
    const checklist = await page.locator(".aftercare__checklist li").allTextContents();
    expect(checklist).toContain("Morning and evening: moisturized with a thin layer.");
    if (shots) {
      await page.screenshot({ path: `${shots}/aftercare-390.png`, fullPage: true });
      await page.locator("#aftercare").screenshot({ path: `${shots}/aftercare-390-section.png` });
    }

    const optIn = page.getByRole("button", { name: "E-mail me aftercare reminders" });
    const box = await optIn.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await optIn.click();
    await page.waitForURL(/\?aftercare=reminders-on#aftercare$/);
    expect(
      await page
        .getByRole("status")
        .filter({ hasText: "we will e-mail you on days 1, 3, 14 and 30" })
        .count(),
    ).toBe(1);
    await page.getByRole("button", { name: "You may show my healed tattoo in the portfolio" }).click();
    await page.waitForURL(/\?aftercare=portfolio-on#aftercare$/);
    expect(await page.getByRole("button", { name: "Withdraw my permission" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Stop the reminders" }).count()).toBe(1);
    await page.getByRole("button", { name: "Stop the reminders" }).click();
    await page.waitForURL(/\?aftercare=reminders-off#aftercare$/);
    expect(await page.getByRole("button", { name: "E-mail me aftercare reminders" }).count()).toBe(1);
  });

  it("at 1280 px from day 30: the healed photo invitation and the review ask", async () => {
    const token = healingRequest(31);
    // bypassCSP only lets the test inject axe itself.
    const context = await newContext({
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
      extraHTTPHeaders: { "CF-Connecting-IP": `198.51.100.${Math.floor(Math.random() * 200) + 20}` },
    });
    context.setDefaultTimeout(8000);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/requests/${token}`);
    expect(await page.getByRole("heading", { name: "Show us how it healed" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: /Write a review on Google/ }).count()).toBe(1);
    if (shots) await page.locator("#aftercare").screenshot({ path: `${shots}/aftercare-1280.png` });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      expect(await axeViolations(page), `at ${width} px`).toEqual([]);
    }
  });
});

/** A photo of a healed tattoo, as a client's phone would send it. */
const healedPhoto = () =>
  jpegFromSvg(
    '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200"><rect width="900" height="1200" fill="#d8b89a"/><path d="M450 150 C 250 450, 650 750, 450 1050" stroke="#1a1410" stroke-width="24" fill="none"/></svg>',
  );

describe("a healed photo into the portfolio", () => {
  it("the client sends it and allows it; the artist adds it from the card as a hidden piece", async () => {
    const name = `Ines Healedphoto ${Math.random()
      .toString(36)
      .replace(/[^a-z]/g, "")
      .slice(0, 6)}`;
    const token = healingRequest(31, name);
    const page = await phoneWithoutScript();
    await page.goto(`${baseUrl}/requests/${token}`);
    await answerInThread(page, "All healed, here it is in daylight.", {
      name: "healed.jpg",
      mimeType: "image/jpeg",
      buffer: await healedPhoto(),
    });
    await page.getByRole("button", { name: "You may show my healed tattoo in the portfolio" }).click();
    await page.waitForURL(/\?aftercare=portfolio-on#aftercare$/);

    const admin = await signedInBeside(page, account, { width: 1280, address: "2001:db8:af7e::2" });
    await searchRequests(admin.page, name.split(" ")[2] ?? name);
    await expect.poll(() => admin.page.locator(".admin-card").count()).toBe(1);
    await admin.page.locator(".admin-card__toggle").click();
    const add = admin.page.getByRole("button", { name: "Add to portfolio" });
    await expect.poll(() => add.count()).toBe(1);
    if (shots)
      await admin.page
        .locator(".admin-aftercare")
        .screenshot({ path: `${shots}/admin-add-to-portfolio.png` });
    await add.click();
    await expect
      .poll(() => admin.page.locator(".admin-aftercare [role=status]").textContent())
      .toMatch(/^Added to the portfolio as a hidden piece \(healed-[0-9a-f]{8}\)/);
    const [draft] = d1<{ data: string }>("SELECT data FROM content_drafts WHERE section = 'portfolio'");
    const pieces = JSON.parse(draft?.data ?? "[]") as { id: string; hidden: boolean; healed: boolean }[];
    expect(pieces.filter((piece) => piece.id.startsWith("healed-")).at(-1)).toMatchObject({
      hidden: true,
      healed: true,
    });
    expect(admin.problems).toEqual([]);
    await admin.context.close();
  });
});

describe("the dashboard's path from request to completed", () => {
  it("shows each stage's count and conversion on the Overview, at 1280 px", async () => {
    healingRequest(5);
    const browser = (await newContext()).browser();
    if (!browser) throw new Error("no browser");
    const admin = await signedInAdminPage(browser, account, { width: 1280, address: "2001:db8:af7e::1280" });
    await admin.page.goto(`${baseUrl}/admin/dashboard`);
    const panel = admin.page.locator(".admin-journey");
    await expect.poll(() => panel.locator(".admin-journey__step").count()).toBe(5);
    await admin.page.getByLabel("Requests received").selectOption("all");
    await expect.poll(() => panel.locator(".admin-journey__overall").textContent()).toMatch(/\d+%/);
    const completed = Number(
      await panel.locator(".admin-journey__step").nth(4).locator(".admin-journey__count").textContent(),
    );
    expect(completed).toBeGreaterThanOrEqual(1);
    if (shots) await admin.page.screenshot({ path: `${shots}/dashboard-1280.png`, fullPage: true });
    // The request's card: the day of healing and the client's choices.
    await searchRequests(admin.page, "Healwell");
    await expect.poll(() => admin.page.locator(".admin-card").count()).toBeGreaterThan(0);
    await admin.page.locator(".admin-card__toggle").first().click();
    await expect
      .poll(() => admin.page.locator(".admin-aftercare h3").first().textContent())
      .toMatch(/^Aftercare: day \d+ of healing$/);
    if (shots)
      await admin.page
        .locator(".admin-aftercare")
        .first()
        .screenshot({ path: `${shots}/admin-aftercare-1280.png` });
    expect(admin.problems).toEqual([]);
    await admin.context.close();
  });
});
