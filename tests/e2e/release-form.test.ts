import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { adminOnRequestCard, useAdminAccount } from "../support/admin-browser";
import { axeViolations } from "../support/axe";
import { d1 } from "../support/d1";
import { sendRequestByApi, unique, useFormPages } from "../support/form-pages";

const baseUrl = inject("baseUrl");
const { newContext, phoneWithoutScript } = useFormPages();
const account = useAdminAccount("release-artist@e2e-studio.test", "a release form e2e passphrase 58");
const shots = process.env.RELEASE_FORM_SHOTS;

/** A request sent through the API, with a session booked for it as the booking step would. */
async function bookedRequest(page: Page, name: string, tag: string) {
  const { id, statusPath } = await sendRequestByApi(
    page,
    {
      name,
      email: `release.${tag}@example.com`,
      phone: "+1 240 555 0172",
      tattooIdea: `A fine-line botanical piece with ferns ${tag}`,
      placement: "left forearm",
    },
    { "CF-Connecting-IP": `203.0.113.${Math.floor(Math.random() * 200) + 20}` },
  );
  d1(
    `INSERT INTO bookings (id, submission_id, quote_id, starts_at, ends_at, status)
     VALUES (?1, ?2, 'quote-' || ?1, '2026-12-17T17:00:00.000Z', '2026-12-17T21:00:00.000Z', 'booked')`,
    `booking-${tag}`,
    id,
  );
  return { id, path: statusPath };
}

/** Fills the whole form as a client would; `birth` is the date of birth typed. */
async function fillForm(page: Page, legalName: string, birth: string, marker: string) {
  await page.getByLabel("Legal name").fill(legalName);
  await page.getByLabel("Date of birth").fill(birth);
  await page.getByLabel("Emergency contact's name").fill("Marisol Okafor");
  await page.getByLabel("Emergency contact's phone").fill("(240) 555-0199");
  for (const question of await page.locator(".release-form__question").all()) {
    await question.getByLabel("No", { exact: true }).check();
  }
  const allergies = page.locator(".release-form__question", { hasText: "allergic to latex" });
  await allergies.getByLabel("Yes", { exact: true }).check();
  await allergies.getByLabel("Details, if yes").fill(marker);
  for (const box of await page.locator('.release-form__ack input[type="checkbox"]').all()) await box.check();
  await page.getByLabel("Signature").fill(legalName);
}

describe("the release form", () => {
  it("is signed on a phone without JavaScript (an under-18 date refused first), and kept sealed", async () => {
    const tag = unique();
    const legalName = "Juniper Ashworth";
    const marker = `ALLERGY-MARKER-${tag}`;
    const page = await phoneWithoutScript();
    const context = page.context();
    const { path } = await bookedRequest(page, "Juniper Ash", tag);
    await page.goto(`${baseUrl}${path}`);
    expect(await page.getByRole("heading", { name: "Your release form" }).count()).toBe(1);
    if (shots) await page.locator("#release-form").screenshot({ path: `${shots}/form-closed-390.png` });
    await page.getByText("Read and sign the release form").click();

    const year = new Date().getUTCFullYear();
    await fillForm(page, legalName, `${year - 16}-03-04`, marker);
    await page.getByRole("button", { name: "Sign the release form" }).click();
    await page.waitForURL(`${baseUrl}${path}/release-form`);
    expect(await page.getByRole("alert").first().textContent()).toContain(
      "The studio tattoos adults only: you must be 18 or older to sign this form. Nothing was saved.",
    );
    expect(d1("SELECT 1 FROM release_forms WHERE booking_id = ?", `booking-${tag}`)).toEqual([]);
    // What was typed is kept; only the date needs changing.
    expect(await page.getByLabel("Legal name").inputValue()).toBe(legalName);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (shots) await page.screenshot({ path: `${shots}/form-refused-390.png`, fullPage: true });

    await page.getByLabel("Date of birth").fill(`${year - 31}-03-04`);
    await page.getByRole("button", { name: "Sign the release form" }).click();
    await page.waitForURL(`${baseUrl}${path}?signed=1#release-form`);
    expect(await page.locator("#release-form").textContent()).toMatch(/Signed on \w+day, \w+ \d+/);
    expect(await page.getByRole("button", { name: "Sign the release form" }).count()).toBe(0);
    if (shots) await page.locator("#release-form").screenshot({ path: `${shots}/form-signed-390.png` });

    // Nowhere in the served database in the clear: every row of every table.
    const tables = d1<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
    );
    for (const { name } of tables) {
      const rows = d1<Record<string, unknown>>(`SELECT * FROM "${name}"`);
      const text = JSON.stringify(rows, (_, value) => (typeof value === "bigint" ? String(value) : value));
      expect(text, name).not.toContain(marker);
      expect(text, name).not.toContain("Ashworth");
    }
    expect(d1("SELECT 1 FROM release_forms WHERE booking_id = ?", `booking-${tag}`)).toHaveLength(1);
    await context.close();
  });

  it("reads well at 1280 px and passes axe, open and refused", async () => {
    const context = await newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const tag = unique();
    const { path } = await bookedRequest(page, "Wide Form", tag);
    await page.goto(`${baseUrl}${path}`);
    await page.getByText("Read and sign the release form").click();
    if (shots) await page.locator("#release-form").screenshot({ path: `${shots}/form-open-1280.png` });
    expect(await axeViolations(page)).toEqual([]);
    // Every choice is a 44 px target on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    const heights = await page
      .locator(
        ".release-form__choice, .release-form__ack label, .release-form input:not([type=radio]):not([type=checkbox])",
      )
      .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);
    if (shots) await page.locator("#release-form").screenshot({ path: `${shots}/form-open-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    // Sent empty, with the browser's own checks set aside (and past the consent dialog the
    // site's script opens): the server names each field.
    await page.locator(".release-form__form").evaluate((form: HTMLFormElement) => {
      form.noValidate = true;
      form.requestSubmit();
    });
    await page.waitForURL(`${baseUrl}${path}/release-form`);
    expect(await page.locator(".release-form__error").count()).toBeGreaterThan(10);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("is opened by the artist from the card, printable, and exported for an inspector", async () => {
    const tag = unique();
    const legalName = "Rosalind Featherstone";
    const marker = `PRINT-MARKER-${tag}`;
    const client = await newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const clientPage = await client.newPage();
    const { path } = await bookedRequest(clientPage, "Rosa Feather", tag);
    await clientPage.goto(`${baseUrl}${path}`);
    await clientPage.getByText("Read and sign the release form").click();
    await fillForm(clientPage, legalName, "1990-07-21", marker);
    await clientPage.getByRole("button", { name: "Sign the release form" }).click();
    await clientPage.waitForURL(/\?signed=1/);
    await client.close();

    const admin = await adminOnRequestCard(
      clientPage,
      account,
      { width: 1280, address: "2001:db8:5ta::1280" },
      { tag, name: "Rosa Feather" },
    );
    await expect
      .poll(() => admin.page.locator(".admin-release-form").textContent())
      .toMatch(/Release form: signed/);
    if (shots) await admin.page.screenshot({ path: `${shots}/admin-card-1280.png` });

    const [view] = await Promise.all([
      admin.context.waitForEvent("page"),
      admin.page.getByRole("link", { name: /View/ }).click(),
    ]);
    await view.waitForLoadState();
    expect(await view.locator("h1").textContent()).toContain("Consent and release for a tattoo");
    expect(await view.getByText(marker).count()).toBe(1);
    expect(await view.getByRole("button", { name: "Print" }).isVisible()).toBe(true);
    if (shots) await view.screenshot({ path: `${shots}/admin-view-1280.png`, fullPage: true });
    await view.emulateMedia({ media: "print" });
    expect(await view.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
    if (shots) await view.screenshot({ path: `${shots}/admin-print-1280.png`, fullPage: true });
    await view.close();

    const audits = d1<{ action: string; admin_email: string }>(
      "SELECT action, admin_email FROM audit_log WHERE action LIKE 'release_form_%' AND admin_email = ?",
      account.email,
    );
    expect(audits.map((a) => a.action)).toContain("release_form_view");

    // The inspector's export is one click from the inbox: a plain download link.
    const exportLink = admin.page.getByRole("link", { name: "Export procedure records (CSV)" });
    expect(await exportLink.getAttribute("href")).toBe("/api/admin/release-forms/export.csv");
    if (shots)
      await admin.page
        .locator(".admin-subpanel", { has: exportLink })
        .screenshot({ path: `${shots}/admin-export-1280.png` });
    const [download] = await Promise.all([admin.page.waitForEvent("download"), exportLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^procedure-records-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await admin.page.request.get(`${baseUrl}/api/admin/release-forms/export.csv`);
    expect(csv.status()).toBe(200);
    const text = await csv.text();
    expect(text).toContain("client_name,date,procedure,technician");
    expect(text).toContain(`"${legalName}","2026-12-17","Tattoo (left forearm)"`);
    expect(
      d1("SELECT 1 FROM audit_log WHERE action = 'release_form_export' AND admin_email = ?", account.email),
    ).not.toEqual([]);
    expect(admin.problems).toEqual([]);
    await admin.context.close();
  });
});
