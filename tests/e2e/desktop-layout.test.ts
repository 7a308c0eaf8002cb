import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { findingTheStudio } from "../../shared/content/finding-the-studio";
import { skipConsentDialog } from "../support/consent";
import { useBrowser } from "../support/use-browser";

/**
 * What a visitor on a 1280 px screen sees: sections that fill their width instead of leaving a
 * column empty, step grids with even rows, the studio on a map served by the site itself, and
 * body text in the site's own web font.
 */
const baseUrl = inject("baseUrl");
const browser = useBrowser();

async function openWide(path: string): Promise<{ page: Page; context: BrowserContext; requests: string[] }> {
  const context = await browser().newContext({ viewport: { width: 1280, height: 800 } });
  await skipConsentDialog(context);
  const requests: string[] = [];
  context.on("request", (request) => requests.push(request.url()));
  const page = await context.newPage();
  await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
  await page.evaluate(() => document.fonts.ready);
  return { page, context, requests };
}

/** Height, top and left of each element (null when missing), in page pixels. */
function boxes(page: Page, selectors: string[]) {
  return page.evaluate(
    (list) =>
      list.map((selector) => {
        const rect = document.querySelector(selector)?.getBoundingClientRect();
        return rect ? { top: rect.top, left: rect.left, height: rect.height, bottom: rect.bottom } : null;
      }),
    selectors,
  );
}

/** Scrolls the studio's map into view, as a visitor reaching it would, and waits for its image. */
async function expectMapShown(map: Locator) {
  await map.scrollIntoViewIfNeeded();
  await expect
    .poll(() => map.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
      timeout: 10_000,
    })
    .toBeGreaterThan(0);
}

/** Two blocks side by side (they overlap vertically, one right of the other) and each at least
 *  `share` as tall as the taller: neither column is a large empty area. */
async function expectFilledColumns(page: Page, left: string, right: string, share = 0.5) {
  const [a, b] = await boxes(page, [left, right]);
  expect(a, left).not.toBeNull();
  expect(b, right).not.toBeNull();
  if (!a || !b) return;
  expect(b.left, `${right} beside ${left}`).toBeGreaterThan(a.left + 100);
  expect(Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top), "side by side").toBeGreaterThan(0);
  const taller = Math.max(a.height, b.height);
  expect(Math.min(a.height, b.height) / taller, `${left} | ${right}`).toBeGreaterThanOrEqual(share);
}

describe("wide screens: no large empty areas", () => {
  it("the six process steps on /services fill even rows", async () => {
    const { page, context } = await openWide("/services");
    const tops = await page
      .locator("section[aria-labelledby=process-title] .steps--cards > li")
      .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    expect(tops).toHaveLength(6);
    const perRow = [...new Set(tops)].map((top) => tops.filter((t) => t === top).length);
    expect(perRow.length).toBeGreaterThan(1);
    expect(new Set(perRow).size, `steps per row: ${perRow.join(" + ")}`).toBe(1);
    await context.close();
  });

  it("the home page's idea generator and address each fill both halves of their section", async () => {
    const { page, context } = await openWide("/");
    await expectFilledColumns(page, ".ideas__intro", ".ideas__locked");
    await expectFilledColumns(page, ".citations__text", ".citations .studio-map");
    const map = page.locator(".citations img.studio-map__image");
    await expectMapShown(map);
    await context.close();
  });

  it("/book-consultation puts the form beside what to expect, both starting on the first screen", async () => {
    const { page, context } = await openWide("/book-consultation");
    const [form, steps] = await page.evaluate(() =>
      [".consultation-request", ".expect-box"].map((selector) => {
        const rect = document.querySelector(selector)?.getBoundingClientRect();
        return {
          top: rect?.top ?? -1,
          left: rect?.left ?? 0,
          right: rect?.right ?? 0,
          bottom: rect?.bottom ?? 0,
        };
      }),
    );
    if (!form || !steps) throw new Error("the book page lost its form or its steps");
    // Two columns side by side, the form the wider one, their tops level, on the first screen.
    expect(form.right).toBeLessThanOrEqual(steps.left);
    expect(form.right - form.left).toBeGreaterThan(steps.right - steps.left);
    expect(Math.abs(form.top - steps.top)).toBeLessThan(2);
    expect(form.top).toBeGreaterThanOrEqual(0);
    expect(form.top).toBeLessThan(800);
    // The steps stay beside the form as it scrolls, so the right column is never an empty strip.
    await page.evaluate(() => window.scrollTo(0, window.innerHeight * 0.75));
    await expect
      .poll(async () => {
        const [stepsNow] = await boxes(page, [".expect-box"]);
        return (stepsNow?.top ?? -1) >= 0 && (stepsNow?.bottom ?? 1000) <= 800;
      })
      .toBe(true);
    await context.close();
  });

  it("/contact's two columns end close together", async () => {
    const { page, context } = await openWide("/contact");
    const [details, directions, form, hours] = await boxes(page, [
      ".contact-details",
      ".directions",
      ".studio-form",
      ".availability",
    ]);
    expect(details && directions && form && hours).toBeTruthy();
    if (!details || !directions || !form || !hours) return;
    const top = Math.min(details.top, form.top);
    const leftEnd = Math.max(details.bottom, directions.bottom) - top;
    const rightEnd = Math.max(form.bottom, hours.bottom) - top;
    expect(Math.min(leftEnd, rightEnd) / Math.max(leftEnd, rightEnd)).toBeGreaterThanOrEqual(0.8);
    await context.close();
  });

  it("no review card on /reviews is left half empty by a taller neighbour", async () => {
    const { page, context } = await openWide("/reviews");
    const fills = await page.locator(".review-grid > .testimonial:visible").evaluateAll((cards) =>
      cards.map((card) => {
        const style = getComputedStyle(card);
        const inner =
          card.clientHeight - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom);
        const children = [...card.children].map((child) => child.getBoundingClientRect());
        const used = Math.max(...children.map((r) => r.bottom)) - Math.min(...children.map((r) => r.top));
        return used / inner;
      }),
    );
    expect(fills.length).toBeGreaterThan(5);
    // Only the last block's bottom margin may be left: no card is stretched past its text.
    for (const fill of fills) expect(fill).toBeGreaterThan(0.8);
    await context.close();
  });
});

describe("the studio on a map", () => {
  it("/contact shows a drawn map from the site itself, a directions link, and how to get there and park", async () => {
    const { page, context, requests } = await openWide("/contact");
    const map = page.locator(".directions img.studio-map__image");
    await expectMapShown(map);
    const source = await map.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(new URL(source).origin).toBe(new URL(baseUrl).origin);
    expect(await map.getAttribute("alt")).toMatch(/map/i);

    const directions = page.locator(".directions");
    for (const text of [findingTheStudio.directions, findingTheStudio.parking]) {
      expect(await directions.textContent()).toContain(text);
    }
    const link = directions.getByRole("link", { name: /Get directions/ });
    expect(await link.getAttribute("href")).toMatch(
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/,
    );

    // Scrolled to the end, every file the page asked for still came from the site itself.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState("networkidle");
    const foreign = requests.filter((url) => !url.startsWith(baseUrl) && !url.startsWith("data:"));
    expect(foreign).toEqual([]);
    await context.close();
  });
});

describe("fonts", () => {
  it("sets headings in the self-hosted Cormorant Garamond and body text in local faces, loading one font file", async () => {
    for (const path of ["/", "/contact"]) {
      const { page, context } = await openWide(path);
      const body = await page
        .locator("main p")
        .first()
        .evaluate((p) => getComputedStyle(p).fontFamily);
      expect(body.startsWith('"Body Sans"'), body).toBe(true);
      const loaded = await page.evaluate(() => ({
        heading: document.fonts.check('600 40px "Cormorant Garamond"', "Custom tattoos"),
        faces: [...document.fonts].map((face) => `${face.family.replace(/"/g, "")} ${face.status}`),
        files: performance
          .getEntriesByType("resource")
          .map((entry) => entry.name)
          .filter((name) => /\.woff2$/.test(name)),
      }));
      expect(loaded.heading, path).toBe(true);
      expect(loaded.faces, path).toContain("Cormorant Garamond loaded");
      // Plain English headings need only the preloaded subset, never the full Latin file.
      expect(
        loaded.files.map((file) => new URL(file).pathname),
        path,
      ).toEqual([expect.stringMatching(/^\/assets\/cormorant-garamond-600-core-[\w-]+\.woff2$/)]);
      await context.close();
    }
  });
});
