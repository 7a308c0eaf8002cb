import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { flashDesigns } from "../../shared/content/flash";
import { portfolio } from "../../shared/content/portfolio";
import { skipConsentDialog } from "../support/consent";
import { hydrateEveryIsland } from "../support/islands";
import { useBrowser } from "../support/use-browser";

/**
 * /gallery and /flash lead with an artwork: on a phone the first card is in the first screen and
 * is the page's largest paint. What keeps it fast: the image is the first request after the
 * page, at high priority, named in the head (not found late in the body); the preload and the
 * card pick the same file, so it is fetched once; and the page's JavaScript starts only once the
 * first screen is painted (on every page), so it never shares the bandwidth with the image, and
 * the page still works once its scripts are in.
 */
const baseUrl = inject("baseUrl");
const browser = useBrowser();

const leadPages = [
  // On /flash the cards are two to a row, so at 390 px a heading can outgrow the first image.
  {
    path: "/gallery",
    id: portfolio[0]?.id ?? "",
    filter: "Japanese",
    largest: true,
  },
  {
    path: "/flash",
    id: flashDesigns[0]?.id ?? "",
    filter: "Animals",
    largest: false,
  },
];

interface SentRequest {
  url: string;
  priority: string;
}

/** Opens a page, noting each request the browser sends (in order, with its priority) and its largest paints. */
async function open(width: number, path: string) {
  const context = await browser().newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
  await skipConsentDialog(context);
  await context.addInitScript(() => {
    const paints: Element[] = [];
    (window as unknown as { __lcp: Element[] }).__lcp = paints;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { element: Element | null }>) {
        if (entry.element) paints.push(entry.element);
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  const page = await context.newPage();
  const sent: SentRequest[] = [];
  const cdp = await context.newCDPSession(page);
  cdp.on("Network.requestWillBeSent", ({ request }) => {
    if (!request.url.startsWith("data:")) sent.push({ url: request.url, priority: request.initialPriority });
  });
  await cdp.send("Network.enable");
  await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
  return { page, sent, close: () => context.close() };
}

/**
 * When the first contentful paint happened, when the lead image (fetchpriority=high) arrived, and
 * when each same-origin script and each further card's picture was requested (ms since navigation).
 */
const requestStarts = (page: Page) =>
  page.evaluate(() => {
    const lead = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
    const leadEntry = lead
      ? (performance.getEntriesByName(lead.currentSrc)[0] as PerformanceResourceTiming | undefined)
      : undefined;
    const resources = performance.getEntriesByType("resource");
    const startsOf = (keep: (path: string, url: string) => boolean) =>
      resources
        .filter((entry) => keep(new URL(entry.name).pathname, entry.name))
        .map((entry) => ({ url: entry.name, start: entry.startTime }));
    return {
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      leadImageEnd: lead ? (leadEntry?.responseEnd ?? Number.NaN) : null,
      scripts: startsOf((path, url) => path.endsWith(".js") && url.includes("/assets/")),
      // Every artwork but the lead image.
      pictures: startsOf((path, url) => /^\/(flash|tattoo-images)\//.test(path) && url !== lead?.currentSrc),
    };
  });

/**
 * Every script of the page was requested after its first contentful paint and after its lead
 * image arrived, and some were: the first screen has the bandwidth to itself.
 */
async function expectScriptsAfterFirstPaint(page: Page) {
  const { firstPaint, leadImageEnd, scripts } = await requestStarts(page);
  expect(scripts.length).toBeGreaterThan(0);
  expect(Number.isFinite(firstPaint)).toBe(true);
  // A page that leads with text has no lead image to wait for.
  if (leadImageEnd !== null) expect(Number.isFinite(leadImageEnd), "the lead image's timing").toBe(true);
  const startAfter = Math.max(firstPaint, leadImageEnd ?? 0);
  const early = scripts.filter((script) => script.start < startAfter);
  expect(
    early,
    `scripts requested before ${startAfter.toFixed(0)} ms (first paint ${firstPaint.toFixed(0)}, lead image ${leadImageEnd?.toFixed(0) ?? "none"})`,
  ).toEqual([]);
}

/** The further cards' pictures were asked for after the first paint and the lead image, and some were. */
async function expectPicturesAfterFirstPaint(page: Page) {
  const { firstPaint, leadImageEnd, pictures } = await requestStarts(page);
  expect(pictures.length, "further cards' pictures fetched once the page was painted").toBeGreaterThan(0);
  const startAfter = Math.max(firstPaint, leadImageEnd ?? 0);
  expect(
    pictures.filter((picture) => picture.start < startAfter),
    `pictures requested before ${startAfter.toFixed(0)} ms (first paint ${firstPaint.toFixed(0)})`,
  ).toEqual([]);
}

/** Whether each of the first `count` cards' pictures is drawn (not display: none) and loaded. */
const cardPictures = (page: Page, count: number) =>
  page
    .locator(".art-card .art-image__img")
    .evaluateAll(
      (images, n) =>
        images
          .slice(0, n)
          .map((image) =>
            getComputedStyle(image).display === "none"
              ? "hidden"
              : (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0
                ? "shown"
                : "loading",
          ),
      count,
    );

describe("pages that lead with an artwork", () => {
  for (const { path, id, filter, largest } of leadPages) {
    it(`${path} on a phone: the first card's image is the first request, high priority, fetched once${largest ? ", the largest paint" : ""}; scripts start after the first paint and the lead image`, async () => {
      const { page, sent, close } = await open(390, path);
      try {
        // The page, then the lead image, before the fonts and any script.
        const [document, first] = sent;
        expect(new URL(document?.url ?? "").pathname).toBe(path);
        expect(first?.url).toContain(`/${id}-`);
        expect(first?.priority).toBe("High");

        const lead = page.locator(".art-card .art-image__img").first();
        expect(await lead.getAttribute("loading")).toBe("eager");
        expect(await lead.getAttribute("fetchpriority")).toBe("high");
        expect(await lead.evaluate((img) => (img as HTMLImageElement).currentSrc)).toBe(first?.url);
        if (largest) {
          expect(
            await lead.evaluate((img) => (window as unknown as { __lcp: Element[] }).__lcp.at(-1) === img),
            "the largest paint is the first card's image",
          ).toBe(true);
        }
        // Fetched once: the preload's file is the one the card drew.
        expect(sent.filter((request) => request.url.includes(`/${id}-`)).map((r) => r.url)).toEqual([
          first?.url,
        ]);

        await expectScriptsAfterFirstPaint(page);
        // The further cards' pictures wait for the first screen too (site/styles/art.css).
        await expectPicturesAfterFirstPaint(page);

        // The scripts did arrive and run: a style filter answers.
        await page.getByRole("button", { name: filter, exact: true }).click();
        await expect
          .poll(() => page.getByRole("button", { name: filter, exact: true }).getAttribute("aria-pressed"))
          .toBe("true");
        expect(new URL(page.url()).search).not.toBe("");
      } finally {
        await close();
      }
    }, 60_000);
  }

  it("/gallery at 1280 px: the preload picks the file the card draws, so the lead image is fetched once", async () => {
    const { page, sent, close } = await open(1280, "/gallery");
    try {
      const id = leadPages[0]?.id ?? "";
      const lead = page.locator(".art-card .art-image__img").first();
      const drawn = await lead.evaluate((img) => (img as HTMLImageElement).currentSrc);
      expect(sent.filter((request) => request.url.includes(`/${id}-`)).map((r) => r.url)).toEqual([drawn]);
    } finally {
      await close();
    }
  }, 60_000);
});

describe("the further cards' pictures", () => {
  it("appear all the same when the script that marks the first paint never arrives", async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
    await skipConsentDialog(context);
    const page = await context.newPage();
    await page.route("**/after-first-paint.js", (route) => route.abort());
    try {
      // Read at once: three seconds in, the stylesheet shows them whatever happens.
      await page.goto(`${baseUrl}/flash`, { waitUntil: "domcontentloaded" });
      expect((await cardPictures(page, 4)).slice(1)).toContain("hidden");
      await expect.poll(() => cardPictures(page, 4), { timeout: 8_000 }).toEqual(Array(4).fill("shown"));
    } finally {
      await context.close();
    }
  }, 30_000);

  it("are drawn from the start without JavaScript", async () => {
    const context = await browser().newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    try {
      // Read at once: after three seconds the stylesheet would show them without its help.
      await page.goto(`${baseUrl}/gallery`, { waitUntil: "domcontentloaded" });
      expect(await cardPictures(page, 6)).not.toContain("hidden");
    } finally {
      await context.close();
    }
  }, 30_000);
});

describe("pages that lead with text", () => {
  // React (about 65 KiB) once shared the phone's connection with the first screen of every page
  // with an island due at once; now no page asks for a script before it has painted.
  for (const path of ["/", "/reviews", "/book-consultation"]) {
    it(`${path} on a phone: scripts start after the first paint, and its islands still come alive`, async () => {
      const { page, close } = await open(390, path);
      try {
        await expectScriptsAfterFirstPaint(page);
        await hydrateEveryIsland(page);
      } finally {
        await close();
      }
    }, 60_000);
  }
});
