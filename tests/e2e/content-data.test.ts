import { describe, expect, inject, it } from "vitest";
import { faq, servicesFaq } from "../../shared/content/faq";
import { flashCategories, flashDesigns } from "../../shared/content/flash";
import { portfolio } from "../../shared/content/portfolio";
import { reviewSummary, testimonials } from "../../shared/content/testimonials";
import { publicPages } from "../../shared/routes";
import { openingHours, studio } from "../../shared/studio";
import { html, jsonLd } from "../support/served-pages";

/**
 * The studio's content and what crawlers read: the data files, the JSON-LD that must match the
 * studio facts, and every page's search metadata.
 */
const baseUrl = inject("baseUrl");
// biome-ignore lint/suspicious/noExplicitAny: parsed JSON-LD, asserted field by field below.
type Ld = any;

describe("content data", () => {
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

  it("has 38 flash designs flash-001..038, 20 testimonials and FAQ answers on every topic the studio is asked about", () => {
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

describe("structured data matches the studio facts", () => {
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

  it("the portfolio is an ImageGallery of the cards the page draws, addressed gallery#tattoo-id", async () => {
    const source = await html("/gallery");
    const gallery = jsonLd(source).find((b) => b["@type"] === "ImageGallery") as Ld;
    // The first twelve cards, in the page's order, each drawn with its image.
    expect(gallery.image).toHaveLength(12);
    for (const image of gallery.image) {
      const id = new URL(image["@id"]).hash.slice(1);
      expect(source).toMatch(new RegExp(`<li id="${id}" class="art-card">`));
    }
    expect(gallery.author).toMatchObject({ "@type": "Person", name: "Mara Ellison" });
    for (const image of gallery.image) {
      // Each image names its creator and licence holder: the artist, one node they all point at.
      expect(image.creator).toEqual({ "@id": gallery.author["@id"] });
      expect(image.copyrightHolder).toEqual({ "@id": gallery.author["@id"] });
      expect(image).toMatchObject({ creditText: "Mara Ellison", copyrightNotice: "© Mara Ellison" });
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

describe("search metadata", () => {
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
