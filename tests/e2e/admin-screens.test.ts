import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { adminPage, signInHere, useAdminAccount } from "../support/admin-browser";
import { axeViolations } from "../support/axe";
import { d1 } from "../support/d1";
import { useBrowser } from "../support/use-browser";

const baseUrl = inject("baseUrl");
const browser = useBrowser();
const account = useAdminAccount("screens-artist@e2e-studio.test", "a screens e2e passphrase 64");

beforeAll(async () => {
  d1(
    `INSERT OR IGNORE INTO consultation_requests (id, name, email, phone, tattoo_idea, status, created_at)
     VALUES ('screens-e2e-1', 'Ana Ruiz', 'ana.ruiz@example.com', '3015550123', 'A swallow on the wrist', 'pending',
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
  );
});

/** Visible controls smaller than 44 by 44 px (fields: 44 px tall), by their text. */
function smallTargets(page: Page) {
  return page.evaluate(() => {
    const small: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(
      "main button, main a.button, header a, header button, [role=tab], input, textarea, select, dialog[open] button",
    )) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const field = element.matches("input, textarea, select");
      if (box.height < 44 || (!field && box.width < 44))
        small.push(
          `${element.tagName} "${(element.textContent ?? "").trim().slice(0, 30)}" ${box.width}x${box.height}`,
        );
    }
    return small;
  });
}

for (const width of [390, 1280]) {
  describe(`admin screens at ${width} px`, () => {
    it("have no axe violations and no sideways scroll; on a phone every tab fits, one Sign out, 44 px targets, 12 px chart text", async () => {
      const { context, page, problems } = await adminPage(browser(), {
        width,
        address: `2001:db8:5c2::${width}`,
        // Only so the test can inject axe; the pages keep their own policy.
        bypassCSP: true,
      });
      const found: string[] = [];
      const check = async (screen: string) => {
        for (const v of await axeViolations(page)) found.push(`${screen}: ${v}`);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > width) found.push(`${screen}: page is ${scrollWidth}px wide`);
        if (width < 600) for (const t of await smallTargets(page)) found.push(`${screen}: small target ${t}`);
      };

      await page.goto(`${baseUrl}/admin/login`);
      await page.getByLabel("Email").waitFor();
      await check("sign-in");
      await signInHere(page, account);
      await page.waitForURL(`${baseUrl}/admin/today`);
      await page.locator(".today, .admin-empty").first().waitFor();
      await check("today");
      // The daily path fits one phone screen: the five places lie in the first screenful.
      const navBottom = await page.evaluate(
        () => document.querySelector(".admin-nav")?.getBoundingClientRect().bottom,
      );
      expect(navBottom).toBeLessThan(200);
      for (const [link, heading] of [
        ["Schedule", "Schedule"],
        ["More", "More"],
      ] as const) {
        await page.getByRole("link", { name: link, exact: true }).click();
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(heading);
        await check(link.toLowerCase());
      }
      for (const [path, heading] of [
        ["/admin/notifications", "Notifications"],
        ["/admin/security", "Sign-in and passkeys"],
      ] as const) {
        await page.goto(`${baseUrl}${path}`);
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(heading);
        await page.locator(".admin-panel > *").first().waitFor();
        await check(heading);
      }
      await page.goto(`${baseUrl}/admin/dashboard`);
      await expect.poll(() => page.locator(".admin-stat__value").first().textContent()).toMatch(/^\d+$/);
      await check("dashboard overview");

      if (width < 600) {
        // Every navigation link and tab lies inside the screen, and there is one Sign out.
        const outside = await page.evaluate(
          (w) =>
            [...document.querySelectorAll<HTMLElement>(".admin-nav a, [role=tab]")]
              .filter((el) => {
                const box = el.getBoundingClientRect();
                return box.left < 0 || box.right > w || box.width === 0;
              })
              .map((el) => el.textContent),
          width,
        );
        expect(outside).toEqual([]);
        expect(await page.getByRole("button", { name: "Sign out" }).count()).toBe(1);
        const chartText = await page.evaluate(() =>
          [...document.querySelectorAll(".admin-chart text, .admin-chart__weeks span")].map(
            (el) =>
              Number.parseFloat(getComputedStyle(el).fontSize) *
              (el instanceof SVGElement ? (el.ownerSVGElement?.getScreenCTM()?.a ?? 1) : 1),
          ),
        );
        expect(chartText.length).toBeGreaterThan(0);
        expect(Math.min(...chartText)).toBeGreaterThanOrEqual(12);
      }

      for (const tab of ["SEO Dashboard", "Experiments"]) {
        await page.getByRole("tab", { name: tab }).click();
        await expect
          .poll(() => page.getByRole("tab", { name: tab }).getAttribute("aria-selected"))
          .toBe("true");
        if (tab === "SEO Dashboard") {
          const panel = page.getByRole("tabpanel");
          await expect.poll(() => panel.textContent()).toContain("Search Console");
          await expect.poll(() => page.locator("progress").count(), { timeout: 10_000 }).toBe(0);
          const text = (await panel.textContent()) ?? "";
          // The artist reads what is missing and who can switch it on, never a setting's name.
          expect(text).not.toMatch(/[A-Z][A-Z0-9]*_[A-Z0-9_]+/);
          expect(text).toContain("whoever looks after the website can connect PageSpeed Insights");
        }
        await check(`dashboard ${tab}`);
      }

      // The card alone, as Today's lines link it: other files add requests at the same time,
      // which can push this one off the list's first page.
      await page.goto(`${baseUrl}/admin/consultations?id=screens-e2e-1&open=screens-e2e-1`);
      await page.locator(".admin-card", { hasText: "Ana Ruiz" }).getByLabel("Admin notes").waitFor();
      await check("requests with a card open");
      await page.getByRole("tab", { name: /Contact Messages/ }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get("kind")).toBe("contacts");
      // The whole list again, not the one request the link opened.
      await expect.poll(() => page.locator(".admin-single").count()).toBe(0);
      await page.getByText(/shown/).waitFor();
      await check("contact messages");

      await page.goto(`${baseUrl}/admin/test`);
      await page.getByRole("button", { name: "Run All Tests" }).click();
      await expect
        .poll(() => page.getByRole("log").textContent(), { timeout: 20_000 })
        .toContain("Client services: passed");
      const log = (await page.getByRole("log").textContent()) ?? "";
      expect(log).not.toContain("Unknown");
      expect(log).toContain("Location service: answered");
      await check("system checks");

      await page.goto(`${baseUrl}/admin/nothing-here`);
      await page.locator("h1").waitFor();
      await check("not found");

      expect(found).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    }, 120_000);
  });
}
