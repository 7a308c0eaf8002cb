import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { faq, servicesFaq } from "../../shared/content/faq";
import { flashCategories, flashDesigns } from "../../shared/content/flash";
import { portfolio } from "../../shared/content/portfolio";
import { reviewSummary, testimonials } from "../../shared/content/testimonials";
import { publicPages } from "../../shared/routes";
import { openingHours, studio } from "../../shared/studio";
import { useBrowser } from "../support/use-browser";

const baseUrl = inject("baseUrl");
// biome-ignore lint/suspicious/noExplicitAny: parsed JSON-LD, asserted field by field below.
type Ld = any;
const browser = useBrowser();

async function html(path: string): Promise<string> {
  const response = await fetch(`${baseUrl}${path}`);
  expect(response.status).toBe(200);
  return response.text();
}

/** Every JSON-LD block in the page's HTML, as prerendered. */
function jsonLd(source: string): Array<Record<string, unknown> & { "@type": string }> {
  return [...source.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1] ?? "{}"),
  );
}

async function openPage(path: string, options: { javaScriptEnabled?: boolean; width?: number } = {}) {
  const context = await browser().newContext({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: { width: options.width ?? 1280, height: 900 },
  });
  const page = await context.newPage();
  await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
  return { page, close: () => context.close() };
}

describe("content data (issue 4, item 3)", () => {
  it("has 46 portfolio pieces tattoo-001..046 with every field, the first six featured", () => {
    expect(portfolio.map((p) => p.id)).toEqual(
      Array.from({ length: 46 }, (_, i) => `tattoo-${String(i + 1).padStart(3, "0")}`),
    );
    for (const piece of portfolio) {
      expect(piece.title.length).toBeGreaterThan(3);
      expect(piece.image).toBe(`tattoo-images/${piece.id}`);
      expect(["small", "medium", "large"]).toContain(piece.size);
      expect(piece.duration).toMatch(/^\d+-\d+ hours$/);
      expect(piece.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(piece.description.length).toBeGreaterThan(30);
      expect(piece.tags.length).toBeGreaterThan(0);
      expect(piece.alt && piece.bodyPart && piece.technique).toBeTruthy();
      expect(`${piece.title} ${piece.description}`).not.toMatch(/lorem|ipsum/i);
    }
    expect(portfolio.filter((p) => p.featured).map((p) => p.id)).toEqual(
      portfolio.slice(0, 6).map((p) => p.id),
    );
    const inProgress = portfolio.filter((p) => p.status === "in-progress");
    expect(inProgress.length).toBeGreaterThanOrEqual(2);
    expect(inProgress.length).toBeLessThanOrEqual(6);
    for (const piece of inProgress) expect(piece.technique).toMatch(/linework/);
  });

  it("has 38 flash designs flash-001..038, 20 testimonials and FAQ answers on every spec topic", () => {
    expect(flashDesigns.map((d) => d.id)).toEqual(
      Array.from({ length: 38 }, (_, i) => `flash-${String(i + 1).padStart(3, "0")}`),
    );
    expect(flashCategories).not.toContain("botanical");
    expect(testimonials).toHaveLength(20);
    expect(new Set(testimonials.map((t) => t.id)).size).toBe(20);
    expect(reviewSummary).toEqual({ count: 20, average: 5 });
    const topics = faq.map((entry) => entry.topic);
    for (const topic of [
      "pricing",
      "walk-ins",
      "styles",
      "cover-ups",
      "free consultation",
      "service areas",
      "safety",
      "healing",
      "showering",
      "moisturizing",
      "itching",
      "exercise",
      "infection signs",
    ])
      expect(topics).toContain(topic);
    expect(servicesFaq).toHaveLength(6);
  });
});

describe("structured data matches the studio facts (issue 4, item 5)", () => {
  it("home carries a TattooParlor with the facts' hours, area, price range and the site's own rating", async () => {
    const blocks = jsonLd(await html("/"));
    const parlor = blocks.find((b) => b["@type"] === "TattooParlor") as Ld;
    expect(parlor).toBeDefined();
    expect(parlor.name).toBe(studio.name);
    expect(parlor.telephone).toBe(studio.phone.e164);
    const open = openingHours.filter((d) => d.opens);
    expect(parlor.openingHoursSpecification).toEqual(
      open.map((d) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: `https://schema.org/${d.day}`,
        opens: d.opens,
        closes: d.closes,
      })),
    );
    expect(open.map((d) => d.day)).toEqual(["Thursday", "Friday", "Saturday", "Sunday"]);
    const towns = parlor.areaServed.filter((a: Ld) => a["@type"] === "City").map((a: Ld) => a.name);
    expect(towns).toEqual(["Laurel, MD", "Beltsville, MD", "College Park, MD"]);
    expect(parlor.priceRange).toBe("$150+");
    expect(parlor.aggregateRating).toMatchObject({ ratingValue: "5.0", reviewCount: testimonials.length });
    expect(blocks.some((b) => b["@type"] === "BreadcrumbList")).toBe(false);
  });

  it("services carries a FAQPage with the six questions shown on the page", async () => {
    const source = await html("/services");
    const faqPage = jsonLd(source).find((b) => b["@type"] === "FAQPage") as Ld;
    expect(faqPage.mainEntity.map((q: Ld) => q.name)).toEqual(servicesFaq.map((q) => q.question));
    for (const entry of servicesFaq) expect(source).toContain(entry.question.replace(/'/g, "&#x27;"));
  });

  it("the portfolio is an ImageGallery addressed gallery#tattoo-id, each anchor present on the page", async () => {
    const source = await html("/gallery");
    const gallery = jsonLd(source).find((b) => b["@type"] === "ImageGallery") as Ld;
    expect(gallery.image).toHaveLength(46);
    for (const image of gallery.image) {
      const id = new URL(image["@id"]).hash.slice(1);
      expect(new URL(image["@id"]).pathname).toBe("/gallery");
      expect(source).toContain(`id="${id}"`);
    }
  });

  it("inner pages carry their breadcrumb trail; the 404 page and home carry none", async () => {
    const about = jsonLd(await html("/about")).find((b) => b["@type"] === "BreadcrumbList") as Ld;
    expect(about.itemListElement.map((i: Ld) => i.name)).toEqual(["Home", "About"]);
    const notFound = await (await fetch(`${baseUrl}/missing-page`)).text();
    expect(jsonLd(notFound)).toEqual([]);
  });
});

describe("search metadata (issue 4, item 5)", () => {
  it("every page has keywords, Open Graph and Twitter tags with the 1200x630 social card", async () => {
    for (const page of publicPages) {
      const source = await html(page.path);
      expect(source).toMatch(/<meta name="keywords" content="[^"]{10,}"/);
      for (const tag of ["og:title", "og:description", "og:url", "og:image"])
        expect(source).toContain(`property="${tag}"`);
      for (const tag of ["twitter:card", "twitter:title", "twitter:description", "twitter:image"])
        expect(source).toContain(`name="${tag}"`);
    }
    const card = await fetch(`${baseUrl}/og-image.png`);
    expect(card.headers.get("Content-Type")).toBe("image/png");
    const bytes = new Uint8Array(await card.arrayBuffer());
    const view = new DataView(bytes.buffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
  });
});

describe("images (issue 4, item 4)", () => {
  it("serves AVIF and WebP variants at the spec's sizes for a piece, and flash thumbnails", async () => {
    for (const [file, type] of [
      ["/tattoo-images/tattoo-017-sm.avif", "image/avif"],
      ["/tattoo-images/tattoo-017-md.webp", "image/webp"],
      ["/tattoo-images/tattoo-017-lg.avif", "image/avif"],
      ["/tattoo-images/tattoo-017-full.webp", "image/webp"],
      ["/tattoo-images/tattoo-017-xl.avif", "image/avif"],
      ["/tattoo-images/tattoo-017-thumb.webp", "image/webp"],
      ["/flash/flash-038-thumb.avif", "image/avif"],
    ] as const) {
      const response = await fetch(`${baseUrl}${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get("Content-Type")).toBe(type);
    }
  });

  it("every <img> has width, height and alt; only the LCP image is eager with high priority", async () => {
    for (const path of ["/", "/gallery", "/flash", "/about"]) {
      const { page, close } = await openPage(path, { width: 390 });
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

describe("pages follow the spec (issue 4, item 2)", () => {
  it("home: five specialization cards with per-style prices, three testimonials, the greeting and the idea generator", async () => {
    const { page, close } = await openPage("/", { javaScriptEnabled: false });
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
    // Without consent: the basic welcome and the locked idea generator (issue 6 owns their behaviour).
    expect(
      await page.getByText("Welcome to the studio! Let's create something meaningful together.").count(),
    ).toBe(1);
    expect(await page.getByRole("heading", { name: "Not sure where to start?" }).count()).toBe(1);
    expect(await page.locator("a[href='/reviews']").count()).toBeGreaterThan(0);
    await close();
  });

  it("services: three accordion groups with one card open at a time, six FAQs, call/text/e-mail", async () => {
    const { page, close } = await openPage("/services");
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
    const { page, close } = await openPage("/about");
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

  it("privacy policy: a table of contents with the spec's anchors and eleven numbered sections", async () => {
    const { page, close } = await openPage("/privacy-policy");
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

  it("terms of service: twelve sections, last updated today; copyright: the nine spec sections", async () => {
    const { page, close } = await openPage("/terms-of-service");
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
    const { page, close } = await openPage("/gallery", { javaScriptEnabled: false });
    // The first batch as cards, the rest as a plain list with their anchors (issue 5).
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

describe("fonts, CSS and third parties (issue 4, item 6)", () => {
  it("no page requests anything from another origin", async () => {
    const context = await browser().newContext();
    const page: Page = await context.newPage();
    const foreign: string[] = [];
    page.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith(baseUrl) && !url.startsWith("data:")) foreign.push(url);
    });
    for (const route of publicPages) await page.goto(`${baseUrl}${route.path}`, { waitUntil: "networkidle" });
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
