// The Studio at phone width, for what it edits beyond the basics: every field of the content
// has a control; the policies publish to the services page and a refused line is named at its
// field; a piece is added without a photo and cannot go live visible; Publish asks about
// unsaved edits; the activity list names who did what; the inbox shows the flash design a
// request names.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signedInAdminPage, useAdminAccount } from "../support/admin-browser";
import { d1 } from "../support/d1";
import { useBrowser } from "../support/use-browser";

const baseUrl = inject("baseUrl");
const browser = useBrowser();
const account = useAdminAccount("studio-content@e2e-studio.test", "a studio content passphrase 77");
let session: Awaited<ReturnType<typeof signedInAdminPage>>;
let startedAt = 0;

type Json = Record<string, unknown>;

/** The drafts and the live version, as the Studio loads them. */
const loadDrafts = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch("/api/admin/content", { headers: { Accept: "application/json" } });
    return (await response.json()) as { version: number; sections: Record<string, { data: unknown }> };
  });

beforeAll(async () => {
  session = await signedInAdminPage(browser(), account, { width: 390, address: "2001:db8:5d::7" });
  startedAt = (await loadDrafts(session.page)).version;
});

afterAll(async () => {
  // What this file published goes back to what the other files expect.
  const { page } = session;
  const { version } = await loadDrafts(page);
  if (version !== startedAt) {
    const status = await page.evaluate(
      async ([from, base]) =>
        (
          await fetch(`/api/admin/content/versions/${from}/restore`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ baseVersion: base }),
          })
        ).status,
      [startedAt, version],
    );
    expect(status).toBe(201);
  }
  // The one publish refused on purpose (a visible piece without a photo) and the one refused save.
  expect(session.problems.filter((problem) => !/status of (400|404)/.test(problem))).toEqual([]);
  await session.context.close();
});

async function openSection(page: Page, title: string) {
  await page.goto(`${baseUrl}/admin/studio`);
  await page.getByRole("navigation", { name: "Studio sections" }).getByRole("link", { name: title }).click();
  await page.getByRole("heading", { level: 2, name: title }).waitFor();
}

/** Every value's path in a section: a list of plain values is one field, edited as one text. */
function leafPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) {
    if (value.every((item) => item === null || typeof item !== "object")) return [path];
    return value.flatMap((item, i) => leafPaths(item, [...path, i]));
  }
  if (value !== null && typeof value === "object")
    return Object.entries(value as Json).flatMap(([key, inner]) => leafPaths(inner, [...path, key]));
  return [path];
}

function getAt(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((here, key) => (here as Json | null)?.[key], value);
}

const fieldId = (section: string, path: (string | number)[]) => `studio-${section}-${path.join("-")}`;

const publishState = (page: Page) => page.locator(".studio-publish__state").textContent();
/**
 * Saves the open section's draft and waits for that save's answer: the status may still say
 * "Draft saved" from an earlier save, and an edit or a publish made while this one is in flight
 * would race it.
 */
async function saveDraft(page: Page) {
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect.poll(() => page.getByRole("status").first().textContent()).toMatch(/Draft saved/);
  await expect.poll(() => publishState(page)).not.toMatch(/Unsaved edits/);
}

/** How many "Published version N at ..." messages the publish bar shows (one after a publish). */
const published = (page: Page) =>
  page
    .locator(".studio-publish")
    .getByText(/Published version \d+ at/)
    .count();

describe("the Studio edits every field", () => {
  // Opens every form section and looks for each value: past 30 s beside the worker suite.
  it("has a control for every value of the sections edited as forms", { timeout: 90_000 }, async () => {
    const { page } = session;
    const { sections } = await loadDrafts(page);
    const titles: Record<string, string> = {
      studio: "Studio facts",
      prices: "Prices",
      policies: "Policies",
      hours: "Hours",
      booking: "Booking",
    };
    for (const [section, title] of Object.entries(titles)) {
      await openSection(page, title);
      const missing: string[] = [];
      for (const path of leafPaths(sections[section]?.data)) {
        // The weekday is its fieldset's legend, not a value to change; a day by appointment has
        // no times (its tick box says so); the closures are added with their own button.
        if (path.at(-1) === "day" || path[0] === "closures") continue;
        if (getAt(sections[section]?.data, path) === null) continue;
        if ((await page.locator(`[id="${fieldId(section, path)}"]`).count()) !== 1)
          missing.push(path.join("."));
      }
      expect(missing, `${title} lacks controls`).toEqual([]);
    }
  });

  it("has a control for every field of a piece, a testimonial and a question", async () => {
    const { page } = session;
    const optional: Record<string, string[]> = {
      portfolio: ["alt", "bodyPart", "technique", "placement", "hours", "priceBand.min", "priceBand.max"],
      testimonials: ["artistResponse", "priceRange", "isLocalGuide"],
      faq: [],
    };
    const { sections } = await loadDrafts(page);
    for (const [section, title] of [
      ["portfolio", "Portfolio"],
      ["testimonials", "Testimonials"],
      ["faq", "FAQ"],
    ] as const) {
      await openSection(page, title);
      await page
        .getByRole("button", { name: /^Edit / })
        .first()
        .click();
      const data = sections[section]?.data;
      const first = (Array.isArray(data) ? data[0] : (data as { items: Json[] }).items[0]) as Json;
      const prefix = section === "faq" ? ["items", 0] : [0];
      const keys = [...leafPaths(first).map((path) => path.join(".")), ...(optional[section] ?? [])].filter(
        (key) => !["id", "image.source", "image.name", "freshPiece", "healed"].includes(key),
      );
      const missing: string[] = [];
      for (const key of new Set(keys)) {
        const id = fieldId(section, [...prefix, ...key.split(".")]);
        if ((await page.locator(`[id="${id}"]`).count()) !== 1) missing.push(key);
      }
      expect(missing, `${title} lacks controls`).toEqual([]);
    }
  });
});

describe("policies", () => {
  it("publishes a changed deposit summary to the services page, and names a refused cancellation line", async () => {
    const { page } = session;
    const marker = `A deposit of one hundred dollars holds your date ${Date.now()}.`;
    await openSection(page, "Policies");
    await page.getByLabel("What the deposit means").fill(marker);
    const rules = page.getByLabel("Cancellation rules");
    const before = await rules.inputValue();
    await rules.fill(`${before}\n${"Far too long a rule. ".repeat(12)}`);
    await page.getByRole("button", { name: "Save draft" }).click();
    const index = before.split("\n").length + 1;
    await expect
      .poll(() => page.locator("#studio-policies-cancellation-error").textContent())
      .toBe(`Item ${index}: At most 200 characters`);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("studio-policies-cancellation");

    await rules.fill(before);
    await saveDraft(page);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect.poll(() => published(page)).toBe(1);
    await expect
      .poll(async () => (await fetch(`${baseUrl}/services`)).text(), { timeout: 10_000, interval: 250 })
      .toContain(marker);
  });
});

describe("a piece without a photo", () => {
  it("is added from the keyboard, kept hidden, and refused when published visible", async () => {
    const { page } = session;
    await openSection(page, "Portfolio");
    await page.getByRole("button", { name: "Add a piece without a photo" }).click();
    // Focus lands in the new piece's first field.
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement).value))
      .toBe("New piece");
    const title = `Koi still healing ${Date.now()}`;
    await page.keyboard.press("Control+A");
    await page.keyboard.type(title);
    const item = page.locator(".studio-item").filter({ hasText: title });
    await expect.poll(() => item.locator(".studio-flag").allTextContents()).toEqual(["hidden", "no photo"]);
    expect(await item.getByText("No photo yet: the piece stays off the site until it has one.").count()).toBe(
      1,
    );
    expect(await item.getByLabel("Upload its photo").count()).toBe(1);

    await item.getByLabel("Hidden from the site").uncheck();
    await item.getByLabel("Alt text (what the photo shows)").fill("A koi sleeve in progress");
    await saveDraft(page);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect
      .poll(() => item.locator(".studio-field__error").first().textContent())
      .toBe(`Upload a photo of "${title}" before showing it on the site, or hide it`);
    expect(await (await fetch(`${baseUrl}/gallery`)).text()).not.toContain(title);

    // Hidden again, it publishes with the rest, and still shows nowhere.
    await item.getByLabel("Hidden from the site").check();
    await saveDraft(page);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect.poll(() => published(page)).toBe(1);
    expect(await (await fetch(`${baseUrl}/gallery`)).text()).not.toContain(title);
  });
});

describe("publishing with unsaved edits", () => {
  it("asks first, goes back on Escape, and saves then publishes from the keyboard", async () => {
    const { page } = session;
    await openSection(page, "Hours");
    const marker = `Unsaved Thursday ${Date.now()}`;
    await page.getByLabel("Thursday note", { exact: true }).fill(marker);
    await expect.poll(() => publishState(page)).toMatch(/Unsaved edits: Hours\./);

    const publish = page.getByRole("button", { name: "Publish", exact: true });
    await publish.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Unsaved edits" });
    await dialog.waitFor();
    expect(await dialog.getAttribute("aria-describedby")).toBe("studio-unsaved-text");
    expect(await page.locator("#studio-unsaved-text").textContent()).toContain(
      "Hours has edits in this tab that are not saved",
    );
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Save them, then publish");
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Publish");
    expect(await (await fetch(`${baseUrl}/contact`)).text()).not.toContain(marker);

    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await page.keyboard.press("Enter");
    await expect.poll(() => published(page)).toBe(1);
    await expect
      .poll(async () => (await fetch(`${baseUrl}/contact`)).text(), { timeout: 10_000, interval: 250 })
      .toContain(marker);
    await expect.poll(() => publishState(page)).not.toMatch(/Unsaved edits/);
    expect(await page.getByText("unsaved changes in this tab").count()).toBe(0);
  });
});

describe("publishing with unsaved edits, the other ways", () => {
  it("publishes only what is saved and keeps the unsaved edit on screen", async () => {
    const { page } = session;
    await openSection(page, "Hours");
    const saved = `Saved Thursday ${Date.now()}`;
    const unsaved = `Still unsaved Thursday ${Date.now()}`;
    const note = page.getByLabel("Thursday note", { exact: true });
    await note.fill(saved);
    await saveDraft(page);
    await note.fill(unsaved);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page
      .getByRole("dialog", { name: "Unsaved edits" })
      .getByRole("button", { name: "Publish only what is saved" })
      .click();
    await expect.poll(() => published(page)).toBe(1);
    await expect
      .poll(async () => (await fetch(`${baseUrl}/contact`)).text(), { timeout: 10_000, interval: 250 })
      .toContain(saved);
    expect(await (await fetch(`${baseUrl}/contact`)).text()).not.toContain(unsaved);
    expect(await note.inputValue()).toBe(unsaved);
    await expect.poll(() => publishState(page)).toMatch(/Unsaved edits: Hours\./);
  });

  it("stops at a section the server refuses, shows why at the field, and publishes nothing", async () => {
    const { page } = session;
    await openSection(page, "Hours");
    const live = (await loadDrafts(page)).version;
    await page.getByLabel("Friday closes", { exact: true }).fill("11:00");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page
      .getByRole("dialog", { name: "Unsaved edits" })
      .getByRole("button", { name: "Save them, then publish" })
      .click();
    await expect
      .poll(() => page.locator(".studio-publish").getByRole("alert").textContent())
      .toBe("Hours was not saved: some of its fields need attention, each says why. Nothing was published.");
    await expect
      .poll(() => page.locator("#studio-hours-weekly-4-closes-error").textContent())
      .toBe("Closing time must be after opening time");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe("studio-hours-weekly-4-closes");
    expect((await loadDrafts(page)).version).toBe(live);
  });
});

describe("the activity list", () => {
  it("says who saved and published what, newest first", async () => {
    const { page } = session;
    await openSection(page, "Hours");
    const activity = page.getByRole("region", { name: "Activity" });
    const lines = () => activity.locator("li").allTextContents();
    await expect.poll(async () => (await lines()).length).toBeGreaterThan(3);
    const [newest, second] = await lines();
    expect(newest).toMatch(new RegExp(`^Version \\d+ published.*${account.email}`));
    expect(second).toMatch(new RegExp(`^Hours saved as a draft.*${account.email}`));
    expect((await lines()).some((line) => line.startsWith("Policies saved as a draft"))).toBe(true);
  });
});

describe("the inbox and flash designs", () => {
  it("shows the design a request names, its thumbnail, and a design gone from the sheet", async () => {
    const { page } = session;
    const token = `Flashcard${Date.now()}`;
    const { sections } = await loadDrafts(page);
    const flash = (sections.flash?.data ?? []) as { id: string; title: string; status: string }[];
    const design = flash.find((item) => item.status === "available");
    if (!design) throw new Error("No available design");
    const insert = `INSERT INTO consultation_requests (id, name, email, phone, tattoo_idea, flash_design, status, created_at)
      VALUES (?, ?, ?, '3015550100', 'This design, on my forearm', ?, 'pending', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
    d1(insert, `${token}-1`, `${token} Onsheet`, `${token.toLowerCase()}1@example.com`, design.id);
    d1(insert, `${token}-2`, `${token} Gone`, `${token.toLowerCase()}2@example.com`, "flash-999");

    await page.goto(`${baseUrl}/admin/consultations?q=${token}`);
    const card = (name: string) => page.locator(".admin-card").filter({ hasText: `${token} ${name}` });
    await card("Onsheet").getByRole("button").first().click();
    const shown = card("Onsheet").locator(".admin-design");
    await expect.poll(() => shown.textContent()).toContain(design.title);
    expect(await shown.textContent()).toContain(design.id);
    const thumb = shown.locator("img");
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    await card("Gone").getByRole("button").first().click();
    await expect
      .poll(() => card("Gone").locator(".admin-design").textContent())
      .toBe("flash-999No longer on the flash sheet");
    expect(await card("Gone").locator(".admin-design img").count()).toBe(0);
  });
});
