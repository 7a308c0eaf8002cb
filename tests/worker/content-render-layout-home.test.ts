import { env } from "cloudflare:test";
import { moduleContent, prerenderPaths, render } from "virtual:site-render";
import { describe, expect, it } from "vitest";
import type { StudioContent } from "../../shared/schemas/content";

/**
 * The layout (header, footer) and the home page follow the content they are rendered from: what
 * the artist publishes is what every page states, with no build in between.
 */

const seed = moduleContent();
const edited = (change: (content: StudioContent) => void): StudioContent => {
  const content = structuredClone(seed);
  change(content);
  return content;
};
/** A page's markup as a visitor reads it: without React's empty separators between text runs. */
const page = async (path: string, content: StudioContent) => {
  // With the islands' data in the page, as a preview carries it, to read what the browser gets.
  const rendered = await render(path, env.SITE_URL, content, "inline");
  return { ...rendered, html: rendered.html.replaceAll("<!-- -->", "") };
};
const between = (html: string, open: string, close: string) => {
  const start = html.indexOf(open);
  expect(start, `${open} is on the page`).toBeGreaterThanOrEqual(0);
  return html.slice(start, html.indexOf(close, start) + close.length);
};
const footerOf = (html: string) => between(html, '<footer class="site-footer"', "</footer>");
const headerOf = (html: string) => between(html, '<header class="site-header"', "</header>");
/** The list sections a page carries to the browser in its data block. */
const carriedLists = (head: string) => {
  const json = between(head, '<script type="application/json" id="page-content">', "</script>")
    .replace(/^<script[^>]*>/, "")
    .replace(/<\/script>$/, "");
  return Object.keys(JSON.parse(json)).filter((name) =>
    ["portfolio", "flash", "testimonials", "faq"].includes(name),
  );
};

const everyPage = [...prerenderPaths, "/404"];

describe("the layout states the published studio facts on every page", () => {
  it("shows a new phone number in the footer of every page, and the old one nowhere in it", async () => {
    const old = seed.studio.phone;
    const content = edited((c) => {
      c.studio.phone = { display: "(240) 555-0199", e164: "+12405550199" };
    });
    for (const path of everyPage) {
      const footer = footerOf((await page(path, content)).html);
      expect(footer, path).toContain("(240) 555-0199");
      expect(footer, path).toContain('href="tel:+12405550199"');
      expect(footer, path).not.toContain(old.display);
      expect(footer, path).not.toContain(old.e164);
    }
  });

  it("names the studio as published in the header and footer of every page", async () => {
    const content = edited((c) => {
      c.studio.name = "Gilded Lotus Tattoo Atelier";
      c.studio.shortName = "Gilded Lotus";
    });
    for (const path of everyPage) {
      const { html } = await page(path, content);
      expect(headerOf(html), path).toContain(">Gilded Lotus</span>");
      expect(headerOf(html), path).toContain('aria-label="Gilded Lotus Tattoo Atelier, home"');
      expect(footerOf(html), path).toContain("Gilded Lotus Tattoo Atelier");
      expect(headerOf(html) + footerOf(html), path).not.toContain(seed.studio.name);
    }
  });

  it("shows changed opening hours in the footer", async () => {
    const content = edited((c) => {
      c.hours.weekly = c.hours.weekly.map((day) =>
        day.opens ? { ...day, opens: "11:00", closes: "19:30" } : day,
      );
    });
    const footer = footerOf((await page("/contact", content)).html);
    expect(footer).toContain("Thursday to Sunday, 11 AM to 7:30 PM");
    expect(footer).not.toContain("12 PM to 6 PM");
  });
});

describe("the home page shows the published content", () => {
  it("shows a renamed featured piece's title under the lead artwork", async () => {
    const [first] = seed.portfolio;
    const content = edited((c) => {
      if (c.portfolio[0]) c.portfolio[0].title = "Golden koi ascending";
    });
    const { html } = await page("/", content);
    expect(html).toContain("<figcaption>Golden koi ascending · Realistic</figcaption>");
    // The artwork's alt text is its own field; the caption is the title.
    expect(html).not.toContain(`<figcaption>${first?.title}`);
  });

  it("leads with the next featured piece when the artist stops featuring the first", async () => {
    const [first, second] = seed.portfolio;
    const content = edited((c) => {
      if (c.portfolio[0]) c.portfolio[0].featured = false;
    });
    const { html } = await page("/", content);
    expect(html).toContain(`${second?.title} · `);
    expect(html).not.toContain(`${first?.title} · `);
  });

  it("quotes the published client stories, the phone and the style prices", async () => {
    const old = seed.testimonials[0];
    const content = edited((c) => {
      if (c.testimonials[0]) c.testimonials[0].text = "Best tattoo experience in Maryland, full stop.";
      c.studio.phone = { display: "(240) 555-0199", e164: "+12405550199" };
      c.prices.styles.realism.medium = "$777-888";
      c.studio.claims.replyWithin = "12 hours";
    });
    const { html } = await page("/", content);
    expect(html).toContain("<p>Best tattoo experience in Maryland, full stop.</p>");
    expect(html).not.toContain(old?.text);
    expect(html).toContain("<dd>$777-888</dd>");
    expect(html).toContain("Every request gets a reply within 12 hours.");
    // The whole page (its find-us block, footer and crash screen text) states the new number only.
    expect(html).toContain("(240) 555-0199");
    expect(html).not.toContain(seed.studio.phone.display);
  });

  it("carries no list to the browser: home's islands read none, and the not-found page no data at all", async () => {
    const home = await page("/", seed);
    expect(carriedLists(home.head)).toEqual([]);
    // The server still renders home's featured pieces and client stories from them.
    expect(home.html).toContain(seed.testimonials[0]?.name);
    expect((await page("/no-such-page", seed)).head).not.toContain('id="page-content"');
  });
});
