import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { navigation, publicPages } from "../../shared/routes";
import { skipConsentDialog } from "../support/consent";
import { gotoReady } from "../support/islands";
import {
  probeCoverage,
  probeHeaderBookInView,
  probeSidewaysScroll,
  probeWordBreaks,
} from "../support/layout-probes";
import { dialog, openSession } from "../support/privacy-session";
import { useBrowser } from "../support/use-browser";

/**
 * The public site as a visitor sees it on a 390 px phone: nothing fixed on
 * screen lies over a link, button or text; no word is broken in two; nothing scrolls sideways;
 * the booking link is always in the header; and on a phone the privacy choices, the first
 * artwork and the request form are where a visitor looks first.
 */
const baseUrl = inject("baseUrl");
const browser = useBrowser();
const phone = { width: 390, height: 844 };

/** A page once its fonts are in and, for a visitor who chose before, the privacy strip names the choice. */
async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page
    .locator(".consent-strip")
    .getByRole("button", { name: "Change privacy choices" })
    .waitFor({ timeout: 8000 });
}

/** The header's link to the booking page, seen where the visitor is on the page. */
const headerBookLinkInView = (page: Page) => page.evaluate(probeHeaderBookInView);

// At 1280 px the header is the only fixed box and each page's columns have room: the same route
// pass there (no sideways scroll, no word broken, Book in the header at the top and the foot) is
// part of the desktop accessibility pass (a11y.test.ts), which opens every route anyway.
for (const viewport of [phone]) {
  describe(`every public route at ${viewport.width} px`, () => {
    let context: BrowserContext;
    beforeAll(async () => {
      context = await browser().newContext({ viewport });
      await context.clock.install();
      await skipConsentDialog(context);
    });
    afterAll(() => context.close());

    for (const { path } of publicPages) {
      it(`${path}: nothing fixed covers a control or text, no word breaks mid-word, no sideways scroll, Book in the header`, async () => {
        const page = await context.newPage();
        await gotoReady(page, `${baseUrl}${path}`);
        await settle(page);
        expect.soft(await headerBookLinkInView(page), "Book in the header").toBe(true);
        expect.soft(await page.evaluate(probeWordBreaks), "words broken mid-word").toEqual([]);
        expect.soft(await page.evaluate(probeSidewaysScroll), "sideways scroll").toBe(0);
        const coverage = await page.evaluate(probeCoverage);
        expect.soft(coverage.covered, "covered by a fixed or sticky box").toEqual([]);
        expect.soft(coverage.unreachable, "never shown whole below the header").toEqual([]);
        // The header stays with the visitor: at the foot of the page Book is still one tap away.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        expect.soft(await headerBookLinkInView(page), "Book in the header at the foot").toBe(true);
        await page.close();
      }, 60_000);
    }
  });
}

describe("on a 390 px phone", () => {
  it("the first visit shows the privacy strip's buttons on the first screen, in the page's flow, and saving covers nothing", async () => {
    const session = await openSession(browser(), { viewport: phone });
    const { page } = session;
    await gotoReady(page, `${baseUrl}/`);
    const strip = page.getByRole("region", { name: "Privacy choices" });
    for (const name of ["Essential only", "Choose features"]) {
      const box = await strip.getByRole("button", { name }).boundingBox();
      expect(box && box.y > 0 && box.y + box.height <= phone.height, name).toBe(true);
    }
    expect(await dialog(page).isVisible()).toBe(false);
    await page.locator("html[data-started]").waitFor({ state: "attached" });
    await strip.getByRole("button", { name: "Essential only" }).click();
    await page.getByText("Essential features only enabled").waitFor();
    const coverage = await page.evaluate(probeCoverage);
    expect(coverage.covered).toEqual([]);
    expect(session.problems).toEqual([]);
    await session.context.close();
  });

  describe("the booking path", () => {
    let context: BrowserContext;
    beforeAll(async () => {
      context = await browser().newContext({ viewport: phone });
      await skipConsentDialog(context);
    });
    afterAll(() => context.close());

    it("the header's Book link carries the menu's booking label as its name, beside Menu", async () => {
      const page = await context.newPage();
      await gotoReady(page, `${baseUrl}/services`);
      const label = navigation.find((item) => item.cta)?.label ?? "";
      const book = page.locator(".site-header").getByRole("link", { name: label, exact: true });
      const menu = page.locator(".site-header").getByRole("button", { name: "Menu" });
      const [bookBox, menuBox] = [await book.first().boundingBox(), await menu.boundingBox()];
      expect(await book.first().textContent()).toContain("Book");
      // Same row, Book just left of Menu.
      expect(Math.abs((bookBox?.y ?? 0) - (menuBox?.y ?? 99))).toBeLessThan(8);
      expect((bookBox?.x ?? 0) + (bookBox?.width ?? 0)).toBeLessThanOrEqual(menuBox?.x ?? 0);
      await page.close();
    });

    it("/gallery shows its first artwork on the first screen", async () => {
      const page = await context.newPage();
      await gotoReady(page, `${baseUrl}/gallery`);
      const top = await page
        .locator(".gallery-grid .art-card__open")
        .first()
        .evaluate((card) => card.getBoundingClientRect().top + window.scrollY);
      // At least the top of the first card shows on the first screen.
      expect(top).toBeLessThan(phone.height - 80);
      await page.close();
    });

    it("/book-consultation shows the request form's first control on the first screen", async () => {
      const page = await context.newPage();
      await gotoReady(page, `${baseUrl}/book-consultation`);
      const bottom = await page
        .getByRole("region", { name: "Request your free consultation" })
        .locator("button, input, textarea")
        .first()
        .evaluate((control) => control.getBoundingClientRect().bottom + window.scrollY);
      expect(bottom).toBeLessThan(phone.height);
      await page.close();
    });
  });
});
