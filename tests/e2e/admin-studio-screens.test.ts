import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { signedInAdminPage, useAdminAccount } from "../support/admin-browser";
import { axeViolations } from "../support/axe";
import { useBrowser } from "../support/use-browser";

const baseUrl = inject("baseUrl");
const browser = useBrowser();
const account = useAdminAccount("studio-screens@e2e-studio.test", "a studio screens passphrase 81");
const sections = [
  "portfolio",
  "flash",
  "hours",
  "booking",
  "announcement",
  "prices",
  "testimonials",
  "faq",
  "studio",
];

/** Visible controls smaller than 44 by 44 px (fields: 44 px tall), by their text. */
const smallTargets = (page: Page) =>
  page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        "main button, main a.button, main label.button, .studio-tab, main input, main textarea, main select",
      ),
    ]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || element.matches("input[type=file], input[type=checkbox]")) return false;
        const field = element.matches("input, textarea, select");
        return box.height < 44 || (!field && box.width < 44);
      })
      .map((element) => `${element.tagName} "${(element.textContent ?? "").trim().slice(0, 30)}"`),
  );

for (const width of [390, 1280]) {
  describe(`the Studio at ${width} px`, () => {
    it("every section passes axe, fits the screen and has targets of 44 px", {
      timeout: 120_000,
    }, async () => {
      const { context, page, problems } = await signedInAdminPage(browser(), account, {
        width,
        address: `2001:db8:5d1::${width}`,
        bypassCSP: true,
      });
      const found: string[] = [];
      for (const section of sections) {
        await page.goto(`${baseUrl}/admin/studio/${section}`);
        await page.locator(".studio-section h2").waitFor();
        await page.locator(".studio-version").first().waitFor();
        const edit = page.locator(".studio-item button[aria-expanded]").first();
        if (await edit.count()) await edit.click();
        for (const v of await axeViolations(page)) found.push(`${section}: ${v}`);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > width) found.push(`${section}: page is ${scrollWidth}px wide`);
        if (width < 600)
          for (const t of await smallTargets(page)) found.push(`${section}: small target ${t}`);
      }
      expect(found).toEqual([]);
      // The booking section asks for the waitlist's size and shows it only if the server has one.
      expect(problems.filter((problem) => !/status of 404/.test(problem))).toEqual([]);
      await context.close();
    });
  });
}
