import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { publicPages } from "../../shared/routes";
import { forEachConcurrently } from "../support/concurrently";
import { skipConsentDialog } from "../support/consent";
import { gotoReady } from "../support/islands";
import { probeHeaderBookInView, probeSidewaysScroll, probeWordBreaks } from "../support/layout-probes";
import { useBrowser } from "../support/use-browser";

const baseUrl = inject("baseUrl");
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const browser = useBrowser();

interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: Array<{ target: string[] }>;
}

const routes = [...publicPages.map((page) => page.path), "/this-page-does-not-exist"];

/**
 * Opens every route in three tabs of `context` at a time, each page ready as a visitor finds it,
 * and runs `check` on it.
 */
async function checkEveryRoute(context: BrowserContext, check: (page: Page, route: string) => Promise<void>) {
  const pages = await Promise.all([1, 2, 3].map(() => context.newPage()));
  await forEachConcurrently(routes, pages.length, async (route, lane) => {
    const page = pages[lane];
    if (!page) throw new Error(`no page for lane ${lane}`);
    await gotoReady(page, `${baseUrl}${route}`);
    await check(page, route);
  });
}

/**
 * WCAG 2.2 AA: axe-core finds nothing on any public route, phone or desktop; on the desktop the
 * same visit checks the layout a reader meets (the phone's is in phone-layout.test.ts).
 */
describe("accessibility (axe-core, WCAG 2.2 AA)", () => {
  for (const viewport of [
    { name: "mobile", width: 390, height: 844 },
    { name: "desktop", width: 1280, height: 900 },
  ]) {
    it(`every public route has zero axe violations at ${viewport.name} width${viewport.name === "desktop" ? ", no sideways scroll or broken word, and Book in the header" : ""}`, async () => {
      // bypassCSP only lets the test inject axe itself; the pages keep their own policy.
      const context = await browser().newContext({ viewport, bypassCSP: true });
      const found: string[] = [];
      await checkEveryRoute(context, async (page, route) => {
        if (viewport.name === "desktop") {
          // The desktop layout as a visitor reads it: nothing scrolls sideways, no word breaks in
          // two, and Book stays in the header at the top of the page and at its foot.
          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          const sideways = await page.evaluate(probeSidewaysScroll);
          if (sideways) found.push(`${route}: scrolls ${sideways} px sideways`);
          for (const word of await page.evaluate(probeWordBreaks))
            found.push(`${route}: word broken ${word}`);
          if (!(await page.evaluate(probeHeaderBookInView))) found.push(`${route}: no Book in the header`);
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          if (!(await page.evaluate(probeHeaderBookInView)))
            found.push(`${route}: no Book in the header at the foot`);
          await page.evaluate(() => window.scrollTo(0, 0));
        }
        // Open every disclosure so the content inside is checked too.
        await page.evaluate(() => {
          for (const details of document.querySelectorAll("details")) details.open = true;
        });
        await page.addScriptTag({ content: axeSource });
        const violations = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: { run: (ctx: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
            }
          ).axe;
          const result = await axe.run(document, {
            runOnly: {
              type: "tag",
              values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
            },
          });
          return result.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target })),
          }));
        });
        for (const violation of violations) {
          found.push(
            `${route}: ${violation.id} (${violation.impact}) ${violation.help} at ${JSON.stringify(violation.nodes.map((n) => n.target))}`,
          );
        }
      });
      await context.close();
      expect(found).toEqual([]);
    }, 180_000);
  }
});

describe("keyboard", () => {
  it("specialization cards open with Enter and Space, one at a time, with focus visible", async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    // The consent dialog of a first visit would take the keyboard focus partway through.
    await skipConsentDialog(context);
    const page = await context.newPage();
    await gotoReady(page, `${baseUrl}/`);
    const summaries = page.locator("#style-traditional > summary, #style-realism > summary");
    await summaries.first().focus();
    expect(
      await summaries.first().evaluate((el) => el.matches(":focus-visible") || document.activeElement === el),
    ).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#style-traditional").getAttribute("open")).not.toBeNull();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await expect.poll(() => page.locator("#style-realism").getAttribute("open")).not.toBeNull();
    // Exclusive group: opening the second closed the first.
    expect(await page.locator("#style-traditional").getAttribute("open")).toBeNull();
    // Choosing the open card again closes it.
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#style-realism").getAttribute("open")).toBeNull();
    await context.close();
  });

  it("the skip link is the first stop and moves focus to the main content", async () => {
    const context = await browser().newContext();
    await skipConsentDialog(context);
    const page = await context.newPage();
    await gotoReady(page, `${baseUrl}/services`);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
    await context.close();
  });

  it("motion is off when the visitor prefers reduced motion", async () => {
    const context = await browser().newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await gotoReady(page, `${baseUrl}/`);
    const duration = await page
      .locator(".button--primary")
      .first()
      .evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(Number.parseFloat(duration)).toBeLessThan(0.001);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("auto");
    await context.close();
  });
});

describe("reflow (WCAG 1.4.10)", () => {
  it("no public route scrolls sideways at 320 CSS pixels", async () => {
    const context = await browser().newContext({ viewport: { width: 320, height: 800 } });
    const wide: string[] = [];
    await checkEveryRoute(context, async (page, route) => {
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 320) wide.push(`${route}: ${width}px`);
    });
    await context.close();
    expect(wide).toEqual([]);
  });
});
