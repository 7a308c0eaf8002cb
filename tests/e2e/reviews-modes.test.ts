import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, inject, it } from "vitest";
import { skipConsentDialog } from "../support/consent";
import { gotoReady } from "../support/islands";
import { openSession } from "../support/privacy-session";
import { useBrowser } from "../support/use-browser";

/**
 * The reviews page's mode switch: reviews by default, a private SEO view that says so and links
 * to the admin sign-in, and a performance view whose figures load only when it is chosen and
 * whose badge names their source. Without JavaScript only the reviews show.
 */
const baseUrl = inject("baseUrl");
const browser = useBrowser();
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

describe("the reviews page's modes", () => {
  it("switch by mouse and keyboard, with a private SEO view and a badge naming each source", async () => {
    const session = await openSession(browser());
    const { page, context } = session;
    await skipConsentDialog(context);
    await gotoReady(page, `${baseUrl}/reviews`);
    const tab = (name: string) => page.getByRole("tab", { name });
    expect(await tab("Reviews").getAttribute("aria-selected")).toBe("true");
    expect(await page.locator(".review-grid .testimonial").first().isVisible()).toBe(true);
    expect(session.apiCalls("/api/metrics/summary")).toEqual([]);

    await tab("SEO data").click();
    const seo = page.getByRole("tabpanel", { name: "SEO data" });
    expect(await seo.getByRole("heading", { name: "SEO Data is Private" }).isVisible()).toBe(true);
    expect(await seo.textContent()).toContain("Admin login required");
    expect(await seo.getByRole("link", { name: "Admin login" }).getAttribute("href")).toBe("/admin");
    expect(await seo.locator(".source-badge").getAttribute("data-source")).toBe("private");
    expect(await page.locator("ul[aria-label='Client reviews']").isVisible()).toBe(false);

    // Keyboard: arrows move between tabs and show the one they land on.
    await tab("SEO data").focus();
    await page.keyboard.press("ArrowRight");
    expect(await tab("Performance").getAttribute("aria-selected")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Performance");
    const performance = page.getByRole("tabpanel", { name: "Performance" });
    const badge = performance.locator(".source-badge");
    await badge.waitFor();
    expect(["live", "cached", "none"]).toContain(await badge.getAttribute("data-source"));
    expect(session.apiCalls("/api/metrics/summary").length).toBe(1);
    if ((await badge.getAttribute("data-source")) === "none") {
      // Nothing measured: no figures stand in for real ones.
      expect(await performance.locator("table").count()).toBe(0);
    } else {
      expect(await performance.locator("tbody tr").count()).toBeGreaterThan(0);
    }
    await page.keyboard.press("Home");
    expect(await tab("Reviews").getAttribute("aria-selected")).toBe("true");
    expect(await page.locator("ul[aria-label='Client reviews']").isVisible()).toBe(true);
    expect(session.problems).toEqual([]);
    await context.close();
  });

  it("show only the reviews with JavaScript off", async () => {
    const context = await browser().newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/reviews`);
    expect(await page.locator(".reviews-modes__tabs").isVisible()).toBe(false);
    expect(await page.locator(".review-grid .testimonial").first().isVisible()).toBe(true);
    expect(await page.getByText("SEO Data is Private").count()).toBe(0);
    await context.close();
  });

  it("have no axe violations in any mode, on a phone and a desktop", async () => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 900 },
    ]) {
      // bypassCSP only lets the test inject axe itself; the page keeps its own policy.
      const context = await browser().newContext({ viewport, bypassCSP: true });
      await skipConsentDialog(context);
      const page = await context.newPage();
      await gotoReady(page, `${baseUrl}/reviews`);
      await page.addScriptTag({ content: axeSource });
      for (const name of ["SEO data", "Performance", "Reviews"]) {
        await page.getByRole("tab", { name }).click();
        await page.getByRole("tabpanel", { name }).locator("h2").first().waitFor();
        const violations = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: { run: (ctx: Document, options: object) => Promise<{ violations: { id: string }[] }> };
            }
          ).axe;
          const result = await axe.run(document, {
            runOnly: {
              type: "tag",
              values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
            },
          });
          return result.violations.map((v) => v.id);
        });
        expect(violations, `${name} at ${viewport.width}`).toEqual([]);
      }
      await context.close();
    }
  }, 60_000);
});
