import { describe, expect, inject, it } from "vitest";
import { publicPages } from "../../shared/routes";
import { forEachConcurrently } from "../support/concurrently";
import { html, openPage } from "../support/served-pages";
import { useBrowser } from "../support/use-browser";

/**
 * What each public page shows a visitor in Chromium: images, page contents, fonts and CSS.
 */
const baseUrl = inject("baseUrl");
const browser = useBrowser();

describe("images", () => {
  it("serves AVIF and WebP variants at the pipeline's sizes for a piece, and flash thumbnails", async () => {
    const files = [
      ...["sm.avif", "md.webp", "lg.avif", "full.webp", "xl.avif", "thumb.webp"].map(
        (variant) => `/tattoo-images/tattoo-017-${variant}`,
      ),
      ...["thumb.avif", "md.webp", "lg.avif"].map((variant) => `/flash/flash-038-${variant}`),
    ];
    for (const file of files) {
      const response = await fetch(`${baseUrl}${file}`);
      expect(response.status, file).toBe(200);
      // Served as the type its extension names.
      expect(response.headers.get("Content-Type"), file).toBe(`image/${file.split(".").pop()}`);
    }
  });

  it("a flash card on a phone's screen (2x) is drawn from the 400-pixel file, not the 600", async () => {
    const context = await browser().newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
    });
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/flash`);
      const first = page.locator(".art-card .art-image__img").first();
      await expect
        .poll(() => first.evaluate((img) => (img as HTMLImageElement).currentSrc))
        .toMatch(/-md\.avif$/);
    } finally {
      await context.close();
    }
  });

  it("every <img> has width, height and alt; only the LCP image is eager with high priority", async () => {
    for (const path of ["/", "/gallery", "/flash", "/about"]) {
      const { page, close } = await openPage(browser(), path, { width: 390 });
      const images = await page.locator("img").evaluateAll((nodes) =>
        nodes.map((img) => ({
          src: img.getAttribute("src") ?? "",
          width: img.getAttribute("width"),
          height: img.getAttribute("height"),
          alt: img.getAttribute("alt"),
          hidden: img.getAttribute("aria-hidden"),
          loading: img.getAttribute("loading"),
          priority: img.getAttribute("fetchpriority"),
        })),
      );
      const content = images.filter((img) => img.hidden !== "true");
      expect(content.length).toBeGreaterThan(0);
      for (const img of content) {
        expect(img.width && img.height, `${path} ${img.src}`).toBeTruthy();
        expect((img.alt ?? "").length, `${path} ${img.src} alt`).toBeGreaterThan(10);
      }
      const art = content.filter((img) => /tattoo-images|flash\//.test(img.src));
      const eager = art.filter((img) => img.loading !== "lazy");
      expect(eager.length).toBeLessThanOrEqual(1);
      for (const img of eager) expect(img.priority).toBe("high");
      await close();
    }
  });
});

describe("page contents", () => {
  it("home: five specialization cards with per-style prices, three testimonials, the greeting and the idea generator", async () => {
    const { page, close } = await openPage(browser(), "/", { javaScriptEnabled: false });
    const cards = page.locator("details[name='home-specializations']");
    expect(await cards.count()).toBe(5);
    expect(await cards.locator(".accordion__title").allTextContents()).toEqual([
      "Traditional",
      "Realism",
      "Custom design",
      "Cover-ups",
      "Mystical and spiritual",
    ]);
    expect(await page.locator("#style-realism dd").allTextContents()).toEqual([
      "$400-600",
      "$600-1000",
      "$1000-2500+",
    ]);
    expect(await page.locator(".testimonials > li").count()).toBe(3);
    expect(await page.locator(".testimonials .stars").first().getAttribute("aria-label")).toBe(
      "Rated 5 out of 5",
    );
    // Without consent: the basic welcome and the locked idea generator (privacy-consent.test.ts covers their behaviour).
    expect(
      await page.getByText("Welcome to the studio! Let's create something meaningful together.").count(),
    ).toBe(1);
    expect(await page.getByRole("heading", { name: "Not sure where to start?" }).count()).toBe(1);
    expect(await page.locator("a[href='/reviews']").count()).toBeGreaterThan(0);
    await close();
  });

  it("services: three accordion groups with one card open at a time, six FAQs, call/text/e-mail", async () => {
    const { page, close } = await openPage(browser(), "/services");
    expect(await page.locator("h2").allTextContents()).toEqual(
      expect.arrayContaining([
        "Style Breakdown",
        "Studio Experience & Process",
        "Booking Policies & Information",
      ]),
    );
    const group = page.locator("details[name='services-booking']");
    await group.nth(0).locator("summary").click();
    await group.nth(1).locator("summary").click();
    expect(await group.nth(0).getAttribute("open")).toBeNull();
    expect(await group.nth(1).getAttribute("open")).not.toBeNull();
    // A card in another group stays independent.
    await page.locator("details[name='services-styles'] summary").first().click();
    expect(await group.nth(1).getAttribute("open")).not.toBeNull();
    expect(await page.locator(".faq__item").count()).toBe(6);
    expect(await page.locator(".steps--cards > li").count()).toBe(6);
    for (const scheme of ["tel:", "sms:", "mailto:"])
      expect(await page.locator(`.cta-block a[href^='${scheme}']`).count()).toBe(1);
    await close();
  });

  it("about: three independent info cards, stats, a fun fact and ten specializations", async () => {
    const { page, close } = await openPage(browser(), "/about");
    const info = page.locator("details[id^='info-']");
    expect(await info.count()).toBe(3);
    await info.nth(0).locator("summary").click();
    await info.nth(1).locator("summary").click();
    expect(await info.nth(0).getAttribute("open")).not.toBeNull();
    expect(await info.nth(1).getAttribute("open")).not.toBeNull();
    expect(await page.locator("details[name='about-specializations']").count()).toBe(10);
    expect(await page.locator(".stats li").count()).toBe(4);
    expect(await page.locator(".stats").textContent()).not.toContain("5000");
    await page.locator(".reveal summary").click();
    expect(await page.locator(".reveal p").isVisible()).toBe(true);
    expect(await page.locator("a[href^='tel:'], a[href^='mailto:']").count()).toBeGreaterThan(2);
    await close();
  });

  it("privacy policy: a table of contents with its section anchors and eleven numbered sections", async () => {
    const { page, close } = await openPage(browser(), "/privacy-policy");
    const anchors = await page
      .locator(".legal__toc a")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    for (const id of [
      "philosophy",
      "how-it-works",
      "information-collection",
      "ai-features",
      "third-party",
      "data-security",
      "your-rights",
      "coppa-compliance",
      "contact",
    ]) {
      expect(anchors).toContain(`#${id}`);
      expect(await page.locator(`section#${id}`).count()).toBe(1);
    }
    expect(await page.locator(".legal__body > section").count()).toBe(11);
    expect(await page.locator(".legal__body h2").last().textContent()).toMatch(/^11\. /);
    await close();
  });

  it("terms of service: twelve sections, last updated today; copyright: its nine sections", async () => {
    const { page, close } = await openPage(browser(), "/terms-of-service");
    expect(await page.locator(".legal__body > section").count()).toBe(12);
    const today = new Date().toLocaleDateString("en-US", {
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: "America/New_York",
    });
    expect(await page.locator(".page-hero time").textContent()).toBe(today);
    await close();
    const copyright = await html("/copyright");
    for (const id of [
      "ownership",
      "permitted-uses",
      "prohibited-uses",
      "takedown",
      "counter-notification",
      "fair-use",
      "licensing",
      "third-party-content",
      "enforcement",
    ])
      expect(copyright).toContain(`id="${id}"`);
  });

  it("gallery, flash and reviews list every item in the HTML, readable with JavaScript off", async () => {
    const { page, close } = await openPage(browser(), "/gallery", { javaScriptEnabled: false });
    // The first batch as cards, the rest as a plain list with their anchors.
    expect(await page.locator(".gallery-grid > li").count()).toBe(12);
    expect(await page.locator(".gallery-index > li").count()).toBe(34);
    await page.goto(`${baseUrl}/flash`);
    expect(await page.locator(".flash-grid > li").count()).toBe(38);
    expect(await page.locator(".flash-grid .badge").count()).toBe(38);
    await page.goto(`${baseUrl}/reviews`);
    expect(await page.locator(".review-grid > li").count()).toBe(20);
    await page.goto(`${baseUrl}/aftercare`);
    // Tabs cannot switch without JavaScript: every panel is shown (public/noscript.css).
    const panels = page.getByRole("tabpanel");
    expect(await panels.count()).toBe(5);
    for (let i = 0; i < 5; i++) expect(await panels.nth(i).isVisible()).toBe(true);
    await close();
  });

  it("google-index-info links home, gallery and contact", async () => {
    const source = await html("/google-index-info");
    for (const href of ['href="/"', 'href="/gallery"', 'href="/contact"']) expect(source).toContain(href);
  });
});

describe("fonts, CSS and third parties", () => {
  it("no page requests anything from another origin", async () => {
    const context = await browser().newContext();
    const foreign: string[] = [];
    context.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith(baseUrl) && !url.startsWith("data:")) foreign.push(url);
    });
    const pages = await Promise.all([1, 2, 3].map(() => context.newPage()));
    await forEachConcurrently(publicPages, pages.length, async (route, lane) => {
      await pages[lane]?.goto(`${baseUrl}${route.path}`, { waitUntil: "networkidle" });
    });
    expect(foreign).toEqual([]);
    await context.close();
  });

  it("inlines the critical CSS, self-hosts the heading font with font-display swap and preloads it", async () => {
    const source = await html("/");
    // No render-blocking stylesheet: the only one is inside <noscript>, for JavaScript-off visitors.
    expect(source.replace(/<noscript>[\s\S]*?<\/noscript>/g, "")).not.toMatch(/<link rel="stylesheet"/);
    const css = /<style>([\s\S]*?)<\/style>/.exec(source)?.[1] ?? "";
    expect(css).toContain("font-display:swap");
    const font = /<link rel="preload" href="(\/assets\/[^"]+\.woff2)" as="font"/.exec(source)?.[1];
    expect(font).toBeTruthy();
    expect(css).toContain(font);
    const response = await fetch(`${baseUrl}${font}`);
    expect(response.headers.get("Content-Type")).toBe("font/woff2");
  });
});
