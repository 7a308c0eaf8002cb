import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { skipConsentDialog } from "../support/consent";
import { unique, waitForFillTime } from "../support/form-pages";
import { gotoReady } from "../support/islands";
import { useBrowser } from "../support/use-browser";

/**
 * What a visitor keeps when a page's scripts or data fail, and the paths from a piece or a design
 * into the request form: nothing the server rendered disappears, the filters fall back to links,
 * a design's dialog shows the design, and a piece carries into the form at every width.
 */
const baseUrl = inject("baseUrl");
const browser = useBrowser();

/** Console problems of a page, with the failed data file each broken visit causes on purpose left out. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error" && message.type() !== "warning") return;
    if (/Failed to load resource/.test(message.text())) return;
    problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

describe("with the page's island data file broken", () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await browser().newContext({ viewport: { width: 390, height: 844 } });
    await skipConsentDialog(context);
  });
  afterAll(() => context.close());

  /** `path` with its data file refused, once its island `island` has given up and left the server's HTML. */
  async function withIslandFailed(path: string, island: string) {
    const page = await context.newPage();
    const problems = problemsOf(page);
    await page.route("**/page-data/**", (route) => route.abort());
    await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
    await page.locator(`[data-island='${island}'][data-island-failed]`).waitFor({ state: "attached" });
    return { page, problems };
  }

  it("/contact keeps its form, which still sends, when the file is not what the islands expect", async () => {
    const page = await context.newPage();
    const problems = problemsOf(page);
    // A body that parses but is not the page's data: the islands would throw on it.
    await page.route("**/page-data/**", (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({ studio: {}, hours: {}, prices: {}, policies: {} }),
      }),
    );
    await page.goto(`${baseUrl}/contact`, { waitUntil: "networkidle" });
    const form = page.locator("main form");
    expect(await form.getAttribute("action")).toMatch(/^\/forms\//);
    expect(await page.locator("[data-island='contact-form'][data-island-failed]").count()).toBe(1);
    // The form posts as it does without JavaScript, its fill time told by its ticket.
    const tag = unique();
    await page.getByLabel("Name").fill("Nadia Okafor");
    await page.getByLabel("Email").fill(`nadia.${tag}@example.com`);
    await page.locator("#contact-message").fill(`A small moth on the wrist, fine line. ${tag}`);
    await page.getByLabel("I confirm that I am 18 years of age or older").check();
    await waitForFillTime(context);
    await form.getByRole("button", { name: "Send Message" }).click();
    await page.waitForURL("**/forms/contact/sent#form-sent");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("/reviews keeps every review, the rest shown where 'Load More' cannot work", async () => {
    const { page, problems } = await withIslandFailed("/reviews", "reviews-section");
    expect(await page.locator(".review-grid > li:visible").count()).toBe(20);
    expect(await page.getByRole("button", { name: /Load More/ }).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("/gallery lists every piece and its filters become links to the filtered page", async () => {
    const { page, problems } = await withIslandFailed("/gallery", "gallery-browser");
    // The controls only a script works are gone; nothing stands there doing nothing.
    expect(await page.getByLabel("Search the portfolio").isVisible()).toBe(false);
    expect(await page.locator(".gallery-grid > li").count()).toBe(12);
    expect(await page.locator(".gallery-index > li:visible").count()).toBe(34);
    const filters = page.getByRole("navigation", { name: "Filter the portfolio" });
    await filters.getByRole("link", { name: "In progress" }).click();
    await page.waitForURL(/\/gallery\?status=in-progress$/);
    const metas = await page.locator(".gallery-grid .art-card__meta").allTextContents();
    expect(metas.length).toBeGreaterThan(0);
    for (const meta of metas) expect(meta).toContain("In progress");
    expect(await filters.getByRole("link", { name: "In progress" }).getAttribute("aria-current")).toBe(
      "true",
    );
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("from a piece or a design into the request form", () => {
  for (const width of [390, 1280]) {
    it(`carries a portfolio piece into the form at ${width} px${width === 1280 ? ", and a design's dialog shows it" : ""}`, async () => {
      const context = await browser().newContext({ viewport: { width, height: 900 } });
      await skipConsentDialog(context);
      const page = await context.newPage();
      const problems = problemsOf(page);
      await gotoReady(page, `${baseUrl}/gallery`);
      const title = (await page.locator(".gallery-grid .art-card__title").first().textContent()) ?? "";
      await page.locator(".gallery-grid .art-card__open").first().click();
      await page.getByRole("dialog").getByRole("link", { name: "request a free consultation" }).click();
      await page.waitForURL(/\/book-consultation/);
      await gotoReady(page, page.url());
      await expect.poll(() => page.getByLabel(/tattoo idea/i).inputValue()).toContain(title);
      if (width === 1280) {
        await gotoReady(page, `${baseUrl}/flash`);
        const design = (await page.locator(".flash-grid .art-card__title").first().textContent()) ?? "";
        await page.locator(".flash-grid .art-card__open").first().click();
        const image = page.getByRole("dialog").getByRole("img", { name: new RegExp(`^${design},`) });
        await image.waitFor();
        await expect
          .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
          .toBeGreaterThan(0);
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
