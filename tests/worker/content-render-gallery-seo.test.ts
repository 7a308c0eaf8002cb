import { env } from "cloudflare:test";
import { moduleContent, render } from "virtual:site-render";
import { describe, expect, it } from "vitest";
import type { StudioContent } from "../../shared/schemas/content";

/**
 * The page at `path` as the worker renders it from `content`: its head, its <main> (the header
 * and footer are another area's) as a visitor reads it, without React's text separators, and
 * its structured data (after the page's markup).
 */
async function page(path: string, content: StudioContent) {
  // With the islands' data in the page, as a preview carries it, to read what the browser gets.
  const rendered = await render(path, env.SITE_URL, content, "inline");
  const main = rendered.html.slice(rendered.html.indexOf("<main"), rendered.html.indexOf("</main>"));
  const structured = [...rendered.html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)];
  return {
    html: main.replaceAll("<!-- -->", ""),
    head: rendered.head,
    jsonLd: structured.map((match) => JSON.parse(match[1] ?? "{}") as Record<string, unknown>),
  };
}

const parlorOf = (jsonLd: Record<string, unknown>[]) =>
  jsonLd.find((block) => block["@type"] === "TattooParlor");

describe("the gallery, flash and reviews pages follow the published content", () => {
  it("shows a portfolio piece's new title on /gallery, in its card and its structured data", async () => {
    const changed = moduleContent();
    const piece = changed.portfolio[0];
    if (!piece) throw new Error("The seed has no portfolio");
    const oldTitle = piece.title;
    piece.title = "Heron at first light";
    const { html, head, jsonLd } = await page("/gallery", changed);
    expect(html).toContain(`<h3 class="art-card__title">Heron at first light</h3>`);
    expect(html).not.toContain(`<h3 class="art-card__title">${oldTitle}</h3>`);
    expect(html).not.toContain(`aria-label="Open ${oldTitle}"`);
    const gallery = jsonLd.find((block) => block["@type"] === "ImageGallery");
    const images = gallery?.image as { name: string }[];
    expect(images[0]?.name).toBe("Heron at first light");
    // The browser hydrates from the same content, so it would draw the same title.
    expect(head).toContain('"title":"Heron at first light"');
  });

  it("counts the pieces the content holds, in the page and its meta description", async () => {
    const changed = moduleContent();
    changed.portfolio = changed.portfolio.slice(0, 5);
    const { html, head } = await page("/gallery", changed);
    expect(html).toContain("5 pieces");
    expect(html).toContain("<strong>5</strong> <span>tattoos</span>");
    expect(head).toMatch(/<meta name="description" content="Browse 5 custom tattoos/);
  });

  it("preloads the content's first piece on /gallery and first design on /flash", async () => {
    const changed = moduleContent();
    const [first, second, ...rest] = changed.portfolio;
    if (!first || !second) throw new Error("The seed has too few pieces");
    changed.portfolio = [second, first, ...rest];
    changed.flash = changed.flash.slice(3);
    const gallery = await page("/gallery", changed);
    expect(gallery.head).toMatch(
      new RegExp(`rel="preload" as="image"[^>]*imagesrcset="/tattoo-images/${second.id}-`),
    );
    expect(gallery.head).not.toMatch(new RegExp(`imagesrcset="/tattoo-images/${first.id}-`));
    const flash = await page("/flash", changed);
    expect(flash.head).toMatch(
      new RegExp(`rel="preload" as="image"[^>]*imagesrcset="/flash/${changed.flash[0]?.id}-`),
    );
  });

  it("marks a flash design no longer on offer without its Available badge on /flash", async () => {
    const changed = moduleContent();
    const design = changed.flash[0];
    if (!design) throw new Error("The seed has no flash");
    const before = await page("/flash", changed);
    const card = (html: string) =>
      html.slice(html.indexOf(`id="${design.id}"`), html.indexOf("</li>", html.indexOf(`id="${design.id}"`)));
    expect(card(before.html)).toContain(">Available</span>");
    design.status = "claimed";
    const after = await page("/flash", changed);
    expect(card(after.html)).toContain(design.title);
    expect(card(after.html)).not.toContain(">Available</span>");
  });

  it("shows a new testimonial on /reviews, and its rating in the page and the structured data", async () => {
    const changed = moduleContent();
    changed.testimonials = [
      {
        id: "new-client",
        name: "Harriet Vale",
        reviewCount: 3,
        photoCount: 0,
        rating: 4,
        date: "2026-10-02",
        text: "The heron on my forearm healed beautifully.",
      },
    ];
    const { html, jsonLd } = await page("/reviews", changed);
    expect(html).toContain("Harriet Vale");
    expect(html).toContain("The heron on my forearm healed beautifully.");
    expect(html).toContain("Rated 4.0");
    expect(html).toContain("<strong>1</strong> <span>client reviews</span>");
    const parlor = parlorOf(jsonLd);
    expect(parlor?.aggregateRating).toMatchObject({ ratingValue: "4.0", reviewCount: 1 });
    expect(JSON.stringify(parlor?.review)).toContain("Harriet Vale");
  });

  it("claims no rating on /reviews when the artist has removed every testimonial", async () => {
    const changed = moduleContent();
    changed.testimonials = [];
    const { html, jsonLd } = await page("/reviews", changed);
    expect(html).not.toContain("NaN");
    expect(html).not.toContain("Rated");
    expect(html).not.toContain("average rating");
    expect(parlorOf(jsonLd)?.aggregateRating).toBeUndefined();
  });

  it("states the studio's new phone and address in the JSON-LD, the pages and the social card", async () => {
    const changed = moduleContent();
    const old = { phone: changed.studio.phone.display, street: changed.studio.address.street };
    changed.studio.phone = { display: "(410) 555-0199", e164: "+14105550199" };
    changed.studio.address.street = "12 Harbour Lane";
    changed.studio.name = "Gilded Needle Atelier";
    const reviews = await page("/reviews", changed);
    const parlor = parlorOf(reviews.jsonLd);
    expect(parlor?.telephone).toBe("+14105550199");
    expect(parlor?.address).toMatchObject({ streetAddress: "12 Harbour Lane" });
    expect(parlor?.name).toBe("Gilded Needle Atelier");
    expect(reviews.head).not.toContain(old.street);
    expect(JSON.stringify(reviews.jsonLd)).not.toContain(old.street);
    expect(reviews.html).toContain('href="tel:+14105550199"');
    expect(reviews.html).toContain("Call (410) 555-0199");
    expect(reviews.html).not.toContain(old.phone);
    expect(reviews.head).toContain('<meta property="og:site_name" content="Gilded Needle Atelier" />');
    const flash = await page("/flash", changed);
    expect(flash.html).not.toContain(old.phone);
  });

  it("words the flash page's lede as its buttons act: book a design while the books are open", async () => {
    const lede = (html: string) =>
      html.slice(html.indexOf('<div class="page-hero__lede">'), html.indexOf("</header>"));
    const open = lede((await page("/flash", moduleContent())).html);
    expect(open).toContain(
      "Press “Book this design” to send a consultation request with the design attached.",
    );
    expect(open).not.toMatch(/call|claim one/i);
    const closed = moduleContent();
    closed.booking = { booksOpen: false };
    const shut = lede((await page("/flash", closed)).html);
    expect(shut).toContain("join the waitlist");
    expect(shut).not.toContain("Book this design");
  });

  it("carries only the list a page renders into its data block", async () => {
    const sections = async (path: string) => {
      const { head } = await page(path, moduleContent());
      const block = head.match(/<script type="application\/json" id="page-content">(.*?)<\/script>/)?.[1];
      return Object.keys(JSON.parse(block ?? "{}") as object).filter((name) =>
        ["portfolio", "flash", "testimonials", "faq"].includes(name),
      );
    };
    expect(await sections("/gallery")).toEqual(["portfolio"]);
    expect(await sections("/flash")).toEqual(["flash"]);
    expect(await sections("/reviews")).toEqual(["testimonials"]);
  });
  it("titles each page with the studio and artist the content names, in the tab and the share card", async () => {
    const changed = moduleContent();
    const old = { name: changed.studio.name, artist: changed.studio.artist.name };
    changed.studio.name = "Gilded Needle Atelier";
    changed.studio.artist.name = "Rowan Vale";
    const titleOf = async (path: string) =>
      (await page(path, changed)).head.match(/<title>(.*?)<\/title>/)?.[1];
    expect(await titleOf("/gallery")).toMatch(/^Tattoo Portfolio \| Gilded Needle Atelier, /);
    expect(await titleOf("/about")).toMatch(/^About Rowan Vale \| Gilded Needle Atelier, /);
    expect(await titleOf("/no-such-page")).toBe("Page Not Found | Gilded Needle Atelier");
    const { head } = await page("/reviews", changed);
    expect(head).toMatch(/<meta property="og:title" content="Client Reviews \| Gilded Needle Atelier, /);
    expect(head).not.toContain(`| ${old.name},`);
    expect(head).not.toContain(old.artist);
  });
});
