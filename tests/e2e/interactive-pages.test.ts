import type { BrowserContext, Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { portfolio } from "../../shared/content/portfolio";
import { testimonials } from "../../shared/content/testimonials";
import { skipConsentDialog } from "../support/consent";
import { gotoReady, reloadReady } from "../support/islands";
import { useBrowser } from "../support/use-browser";

const baseUrl = inject("baseUrl");
const browser = useBrowser();
let context: BrowserContext;

beforeAll(async () => {});
afterEach(async () => {
  await context?.close();
});

async function open(path: string, { width = 1280, mobile = false } = {}): Promise<Page> {
  context = await browser().newContext({
    viewport: { width, height: 900 },
    isMobile: mobile,
    hasTouch: mobile,
  });
  await skipConsentDialog(context);
  context.setDefaultTimeout(8000);
  const page = await context.newPage();
  await gotoReady(page, `${baseUrl}${path}`);
  return page;
}

const cards = (page: Page) => page.locator("ul[aria-label='Portfolio pieces'] > li");

describe("gallery", () => {
  it("prerenders the first batch of 12 and loads 12 more when the bottom is reached", async () => {
    const html = await (await fetch(`${baseUrl}/gallery`)).text();
    expect(html.match(/class="art-card"/g)?.length).toBe(12);
    const page = await open("/gallery");
    expect(await cards(page).count()).toBe(12);
    await page.locator(".gallery-sentinel").scrollIntoViewIfNeeded();
    await expect.poll(() => cards(page).count()).toBe(24);
  });

  it("filters by style and search in the URL, resets the count, and offers 'Show All Tattoos' when nothing matches", async () => {
    const page = await open("/gallery");
    const japanese = portfolio.filter((item) => item.style === "japanese").length;
    await page.getByRole("button", { name: "Japanese", exact: true }).click();
    await expect.poll(() => cards(page).count()).toBe(Math.min(japanese, 12));
    expect(new URL(page.url()).searchParams.get("style")).toBe("japanese");

    await reloadReady(page);
    await expect.poll(() => cards(page).count()).toBe(Math.min(japanese, 12));
    expect(
      await page.getByRole("button", { name: "Japanese", exact: true }).getAttribute("aria-pressed"),
    ).toBe("true");

    await page.getByLabel("Search the portfolio").fill("zzzz-nothing");
    await expect.poll(() => page.getByText("No tattoos found").count()).toBe(1);
    expect(await page.getByText("Try adjusting your filters to see more results").count()).toBe(1);
    await page.getByRole("button", { name: "Show All Tattoos" }).click();
    await expect.poll(() => cards(page).count()).toBe(12);
    expect(new URL(page.url()).search).toBe("");
  });

  it("opens the lightbox, walks it by buttons and arrow keys, disables the ends, and Escape returns focus", async () => {
    const page = await open("/gallery");
    const first = page.getByRole("link", { name: `Open ${portfolio[0]?.title}` });
    await first.click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.getByRole("heading").textContent()).toBe(portfolio[0]?.title);
    expect(await dialog.getByRole("button", { name: /Previous/ }).isDisabled()).toBe(true);
    await dialog.getByRole("button", { name: /Next/ }).click();
    await expect.poll(() => dialog.getByRole("heading").textContent()).toBe(portfolio[1]?.title);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => dialog.getByRole("heading").textContent()).toBe(portfolio[2]?.title);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => dialog.getByRole("heading").textContent()).toBe(portfolio[1]?.title);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      `Open ${portfolio[0]?.title}`,
    );
  });

  it("puts focus on the lightbox's close button when it opens, not on a link in its text", async () => {
    const page = await open("/gallery");
    await page.getByRole("link", { name: `Open ${portfolio[0]?.title}` }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(1);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Close");
    expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
  });

  it("swipes left to the next piece and right back on a phone", async () => {
    const page = await open("/gallery", { width: 390, mobile: true });
    await page.getByRole("link", { name: `Open ${portfolio[0]?.title}` }).click();
    // The lightbox is up, showing the first piece, before a finger moves.
    await expect
      .poll(() => page.getByRole("dialog").getByRole("heading").textContent())
      .toBe(portfolio[0]?.title);
    const media = page.locator(".lightbox__media");
    const box = await media.boundingBox();
    if (!box) throw new Error("no lightbox media");
    const y = box.y + box.height / 2;
    const swipe = async (from: number, to: number) => {
      await media.dispatchEvent("pointerdown", { clientX: from, clientY: y, pointerType: "touch" });
      await media.dispatchEvent("pointerup", { clientX: to, clientY: y, pointerType: "touch" });
    };
    await swipe(box.x + 300, box.x + 200);
    await expect
      .poll(() => page.getByRole("dialog").getByRole("heading").textContent())
      .toBe(portfolio[1]?.title);
    await swipe(box.x + 100, box.x + 200);
    await expect
      .poll(() => page.getByRole("dialog").getByRole("heading").textContent())
      .toBe(portfolio[0]?.title);
    // A short drag is not a swipe.
    await swipe(box.x + 200, box.x + 170);
    expect(await page.getByRole("dialog").getByRole("heading").textContent()).toBe(portfolio[0]?.title);
  });

  it("shows the fallback tile for a broken card image and the lightbox's notice for a broken large image", async () => {
    context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    await skipConsentDialog(context);
    await context.route(/tattoo-images\/tattoo-002-/, (route) => route.abort());
    const page = await context.newPage();
    await gotoReady(page, `${baseUrl}/gallery`);
    await expect
      .poll(() => page.locator(".art-fallback").first().textContent())
      .toContain(portfolio[1]?.title);
    await page.getByRole("link", { name: `Open ${portfolio[1]?.title}` }).click();
    await expect.poll(() => page.getByText("High-quality image not available").count()).toBe(1);
  });

  it("follows a link to a piece beyond the first batch (gallery#tattoo-id) and scrolls to it", async () => {
    const target = portfolio[39]?.id ?? "";
    const page = await open(`/gallery#${target}`);
    await expect.poll(() => page.locator(`#${target}`).count()).toBe(1);
    await expect
      .poll(() =>
        page.evaluate((id) => {
          const box = document.getElementById(id)?.getBoundingClientRect();
          return Boolean(box && box.top < window.innerHeight && box.bottom > 0);
        }, target),
      )
      .toBe(true);
  });

  it("shows the portfolio the page was rendered from, without asking /api/portfolio", async () => {
    context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    await skipConsentDialog(context);
    let asked = false;
    await context.route("**/api/portfolio", (route) => {
      asked = true;
      return route.fulfill({
        status: 500,
        contentType: "application/json",
        body: '{"error":{"code":"internal"}}',
      });
    });
    const page = await context.newPage();
    await gotoReady(page, `${baseUrl}/gallery`);
    // The browsing tools are in (a filter answers), and still on the page's own list.
    await page.getByRole("button", { name: "Japanese", exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("style")).toBe("japanese");
    await page.getByRole("button", { name: "All", exact: true }).click();
    await expect.poll(() => cards(page).count()).toBe(12);
    expect(await cards(page).first().locator("h3").textContent()).toBe(portfolio[0]?.title);
    expect(asked).toBe(false);
  });
});

describe("flash", () => {
  it("filters by category and opens a dialog that carries the design into the consultation form", async () => {
    const page = await open("/flash", { width: 390, mobile: true });
    const grid = page.locator("ul[aria-label='Flash designs'] > li");
    expect(await grid.count()).toBe(38);
    await page.getByRole("button", { name: "Nautical", exact: true }).click();
    await expect.poll(() => grid.count()).toBeLessThan(38);
    const firstTitle = await grid.first().locator("h3").textContent();
    await grid
      .first()
      .getByRole("link", { name: /ask about this design/ })
      .click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.getByRole("heading").textContent()).toBe(firstTitle);
    const href = await dialog.getByRole("link", { name: "Book this design" }).getAttribute("href");
    expect(new URL(href ?? "", baseUrl).searchParams.get("design")).toBeTruthy();
    await page.keyboard.press("Escape");
    await page.getByLabel("Search flash designs").fill("no such design");
    await expect.poll(() => page.getByText("Try adjusting your search or category filter.").count()).toBe(1);
  });
});

describe("reviews", () => {
  it("shows 12, then 'Load More' adds 8 and says how many remain, with the source badge", async () => {
    const page = await open("/reviews");
    const list = page.locator("ul[aria-label='Client reviews'] > li");
    await expect.poll(() => list.count()).toBe(12);
    expect(await page.locator("[data-source]").getAttribute("data-source")).toBe("static");
    const more = page.getByRole("button", { name: /Load More/ });
    expect(await more.textContent()).toBe(`Load More (${testimonials.length - 12} remaining)`);
    await more.click();
    await expect.poll(() => list.count()).toBe(Math.min(20, testimonials.length));
    expect(await page.getByRole("button", { name: /Load More/ }).count()).toBe(
      testimonials.length > 20 ? 1 : 0,
    );
  });
});

describe("reviews by keyboard", () => {
  it("moves focus to the first new review after 'Load More', where reading carries on", async () => {
    const page = await open("/reviews");
    const list = page.locator("ul[aria-label='Client reviews'] > li");
    await expect.poll(() => list.count()).toBe(12);
    await page.getByRole("button", { name: /Load More/ }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => list.count()).toBeGreaterThan(12);
    await expect
      .poll(() =>
        page.evaluate(() => {
          const items = [...document.querySelectorAll("ul[aria-label='Client reviews'] > li")];
          return items.indexOf(document.activeElement as Element);
        }),
      )
      .toBe(12);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(
      testimonials[12]?.text.slice(0, 40) ?? "?",
    );
  });
});

describe("aftercare", () => {
  it("works as a tab list by keyboard, keeps the tab in the URL, and deep links select it", async () => {
    const page = await open("/aftercare");
    const derm = page.getByRole("tab", { name: /Derm Shield/ });
    expect(await derm.getAttribute("aria-selected")).toBe("true");
    expect(await derm.textContent()).toContain("Recommended");
    await derm.focus();
    await page.keyboard.press("ArrowRight");
    const timeline = page.getByRole("tab", { name: "Healing Timeline" });
    await expect.poll(() => timeline.getAttribute("aria-selected")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Healing Timeline");
    expect(new URL(page.url()).searchParams.get("tab")).toBe("timeline");
    await page.keyboard.press("End");
    await expect
      .poll(() => page.getByRole("tab", { name: "Reference" }).getAttribute("aria-selected"))
      .toBe("true");

    await gotoReady(page, `${baseUrl}/aftercare?tab=tools`);
    await expect
      .poll(() => page.getByRole("tab", { name: "Daily Tools and Timers" }).getAttribute("aria-selected"))
      .toBe("true");
    expect(await page.getByRole("heading", { name: "Care timer" }).isVisible()).toBe(true);
  });

  it("counts a care timer down each second, disables the presets, stops, and announces completion", async () => {
    context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    await skipConsentDialog(context);
    const page = await context.newPage();
    await page.clock.install();
    await gotoReady(page, `${baseUrl}/aftercare?tab=tools`);
    const time = page.getByTestId("care-timer-time");
    await page.getByRole("button", { name: /Moisturizing/ }).click();
    await expect.poll(() => time.textContent()).toBe("2:00");
    expect(await page.getByRole("button", { name: /Gentle Cleaning/ }).isDisabled()).toBe(true);
    await page.clock.runFor(1000);
    await expect.poll(() => time.textContent()).toBe("1:59");
    await page.getByRole("button", { name: "Stop Timer" }).click();
    await expect.poll(() => time.textContent()).toBe("0:00");
    expect(await page.getByRole("button", { name: /Gentle Cleaning/ }).isDisabled()).toBe(false);

    await page.getByRole("button", { name: /Visual Inspection/ }).click();
    await expect.poll(() => time.textContent()).toBe("5:00");
    await page.clock.runFor(300_000);
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: "complete" }).textContent())
      .toBe("Visual Inspection session complete.");
    expect(await time.textContent()).toBe("0:00");
    const checkbox = page.getByRole("group", { name: "Morning" }).getByLabel(/Cleaned/);
    await checkbox.check();
    expect(await checkbox.isChecked()).toBe(true);
  });
});
