import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { contentFromModules } from "../../shared/content/module-content";
import { notFoundPage, publicPages } from "../../shared/routes";
import { forEachConcurrently } from "../support/concurrently";
import { skipConsentDialog } from "../support/consent";
import { gotoReady, hydrateEveryIsland } from "../support/islands";
import { useBrowser } from "../support/use-browser";

/**
 * Every public page with JavaScript off, as a visitor with scripts blocked (or a crawler) gets
 * it: the page is whole from the server. Islands only add behaviour; whatever text a page shows
 * once its islands have hydrated is already there without them, its links lead somewhere, its
 * images load, its forms post, and it offers no control that needs a script.
 */
const baseUrl = inject("baseUrl");
const browser = useBrowser();
const pages = [
  ...publicPages.map(({ path, heading }) => ({ path, heading })),
  { path: "/no-such-page", heading: notFoundPage.heading },
];

async function withoutScripts<T>(width: number, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser().newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
  context.setDefaultTimeout(8000);
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/**
 * The text a visitor reads in the page's main content, block by block, whitespace folded: only
 * what is shown, and not the controls a page offers only with a script (.js-only, tab bars) nor
 * an experiment's copy, which a script picks per visitor ([data-variant]: without one, every
 * visitor reads the control's).
 */
function readableText(page: Page): Promise<string[]> {
  return page.locator("main").evaluate((main) =>
    [
      ...main.querySelectorAll(
        "h1, h2, h3, h4, h5, h6, p, li, blockquote, figcaption, dt, dd, th, td, summary",
      ),
    ]
      .filter(
        (block) => block.checkVisibility() && !block.closest(".js-only, [role='tablist'], [data-variant]"),
      )
      .map((block) => (block.textContent ?? "").replace(/\s+/g, " ").trim())
      .filter(Boolean),
  );
}

/**
 * The content the page was rendered from: the data file it names for its islands. A page without
 * islands names none; it shows the studio's facts as the seed states them (the browser tests
 * that publish never change the phone or the address).
 */
async function pageContent(page: Page): Promise<Record<string, unknown>> {
  const meta = page.locator('meta[name="page-data"]');
  if ((await meta.count()) === 0) return { studio: contentFromModules().studio };
  const response = await fetch(`${baseUrl}${await meta.getAttribute("content")}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** Every image of the page's main content loads, and each of its forms posts to the worker with one working submit button. */
async function imagesAndForms(page: Page, path: string): Promise<void> {
  const unloaded = () =>
    page
      .locator("main img")
      .evaluateAll((images) =>
        images
          .filter(
            (image) =>
              !(image as HTMLImageElement).complete || (image as HTMLImageElement).naturalWidth === 0,
          )
          .map((image) => (image as HTMLImageElement).currentSrc || (image as HTMLImageElement).src),
      );
  await expect.poll(unloaded, { timeout: 15_000 }).toEqual([]);
  const forms = await page.locator("main form").evaluateAll((list) =>
    list.map((form) => ({
      method: form.getAttribute("method"),
      action: form.getAttribute("action") ?? "",
      submits: [...form.querySelectorAll("button[type='submit'], button:not([type])")].filter(
        (button) => button.checkVisibility() && !(button as HTMLButtonElement).disabled,
      ).length,
    })),
  );
  for (const form of forms) {
    expect(form.method, path).toBe("post");
    expect(form.action, path).toMatch(/^\/forms\/[a-z-]+$/);
    expect(form.submits, path).toBe(1);
  }
}

describe("every public page without JavaScript", () => {
  it("shows all the text it shows once its islands have hydrated, loads every image, and its forms post to the worker with a working submit button", async () => {
    const context: BrowserContext = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    // A visitor who chose "Essential only" before: the privacy dialog stays closed.
    await skipConsentDialog(context);
    const missing: Record<string, string[]> = {};
    try {
      await forEachConcurrently(pages, 3, async ({ path }) => {
        const scripted = await context.newPage();
        await gotoReady(scripted, `${baseUrl}${path}`);
        await hydrateEveryIsland(scripted);
        const withScripts = await readableText(scripted);
        await scripted.close();
        const without = new Set(
          await withoutScripts(1280, async (page) => {
            await page.goto(`${baseUrl}${path}`, { waitUntil: "load" });
            const text = await readableText(page);
            await imagesAndForms(page, path);
            return text;
          }),
        );
        const onlyWithScripts = withScripts.filter((text) => !without.has(text));
        if (onlyWithScripts.length) missing[path] = onlyWithScripts;
      });
    } finally {
      await context.close();
    }
    expect(missing).toEqual({});
  }, 120_000);

  it("has its heading, the studio's phone and address, every item of the lists it is about, links only to addresses that answer, opens its phone menu, and has no button that does nothing", async () => {
    const targets = new Set<string>();
    const inert: Record<string, string[]> = {};
    await forEachConcurrently(pages, 3, (route) =>
      withoutScripts(390, async (page) => {
        await page.goto(`${baseUrl}${route.path}`);
        expect(await page.locator("h1").textContent(), route.path).toBe(route.heading);
        const content = (await pageContent(page)) as {
          studio: { phone: { display: string }; address: { street: string } };
          portfolio?: Array<{ title: string }>;
          flash?: Array<{ title: string }>;
          testimonials?: Array<{ name: string }>;
          faq?: { items: Array<{ id: string; question: string }>; servicesPage: string[] };
        };
        const footer = (await page.locator("footer").textContent()) ?? "";
        expect(footer, route.path).toContain(content.studio.phone.display);
        expect(footer, route.path).toContain(content.studio.address.street);
        const main = (await page.locator("main").textContent()) ?? "";
        const expected: string[] = [];
        if (route.path === "/gallery") expected.push(...(content.portfolio ?? []).map((item) => item.title));
        if (route.path === "/flash") expected.push(...(content.flash ?? []).map((item) => item.title));
        if (route.path === "/reviews")
          expected.push(...(content.testimonials ?? []).map((item) => item.name));
        if (route.path === "/services") {
          const faq = content.faq;
          const asked = faq?.servicesPage.map((id) => faq.items.find((item) => item.id === id)?.question);
          expected.push(...(asked ?? []).filter((question) => question !== undefined));
        }
        expect(
          expected.filter((text) => !main.includes(text)),
          route.path,
        ).toEqual([]);
        const hrefs = await page
          .locator("a[href]")
          .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
        for (const href of hrefs) {
          const url = new URL(href);
          // The not-found page names its own address (its breadcrumb), which rightly answers 404.
          if (url.origin === new URL(baseUrl).origin && url.pathname !== "/no-such-page") {
            targets.add(url.pathname + url.search);
          }
        }
        // Each button submits its form or opens what it names (the menu's popover): without a
        // script, any other would do nothing.
        const buttons = await page.locator("button:visible").evaluateAll((list) =>
          list
            .filter((button) => {
              const element = button as HTMLButtonElement;
              const submits = element.type === "submit" && element.form !== null;
              return !submits && !element.hasAttribute("popovertarget");
            })
            .map((button) => (button.textContent ?? "").trim() || (button.getAttribute("aria-label") ?? "?")),
        );
        if (buttons.length) inert[route.path] = buttons;
        // On a phone the navigation sits behind the menu button, which opens without a script.
        await page.getByRole("button", { name: "Menu" }).click();
        const menu = page.locator("#site-menu");
        await expect.poll(() => menu.isVisible(), { timeout: 5000 }).toBe(true);
        expect(await menu.locator("a[href='/gallery']").isVisible(), route.path).toBe(true);
      }),
    );
    const broken: string[] = [];
    for (const target of targets) {
      const response = await fetch(`${baseUrl}${target}`, { redirect: "follow" });
      await response.body?.cancel();
      if (response.status !== 200) broken.push(`${target}: ${response.status}`);
    }
    expect(targets.size).toBeGreaterThan(10);
    expect(broken).toEqual([]);
    expect(inert).toEqual({});
  }, 90_000);
});
