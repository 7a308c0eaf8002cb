import { env } from "cloudflare:test";
import { moduleContent, render } from "virtual:site-render";
import { describe, expect, it } from "vitest";
import type { StudioContent } from "../../shared/schemas/content";

// The price guide on /services follows the published portfolio's
// figures, and the pages carry a small table of them, never the portfolio itself.

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

async function guideTableOf(content: StudioContent) {
  const { html } = await render("/services", env.SITE_URL, content);
  const table = /<table class="price-guide__table">([\s\S]*?)<\/table>/.exec(html)?.[1];
  if (!table) throw new Error("No price guide table on /services");
  return text(table);
}

const islandProps = (html: string, name: string) => {
  const props = new RegExp(`data-island="${name}"[^>]*data-props="([^"]*)"`).exec(html)?.[1];
  if (!props) throw new Error(`No ${name} island`);
  return JSON.parse(props.replace(/&quot;/g, '"').replace(/&amp;/g, "&")) as {
    table?: unknown[];
    guide?: unknown[];
  };
};

describe("the price guide on the pages", () => {
  it("shows each size's hours and prices on /services from the seed's finished pieces", async () => {
    const table = await guideTableOf(moduleContent());
    expect(table).toMatch(/Small \d+-\d+ hours, \$[\d,]+-[\d,]+ \(\d+ pieces\)/);
    expect(table).toMatch(/Medium \d+-\d+ hours, \$[\d,]+-[\d,]+ \(\d+ pieces\)/);
    expect(table).toMatch(/Large \d+-\d+ hours, \$[\d,]+-[\d,]+ \(\d+ pieces\)/);
  });

  it("follows a change to the published pieces' figures", async () => {
    const content: StudioContent = structuredClone(moduleContent());
    content.portfolio = content.portfolio.map((piece) =>
      piece.size === "large" ? { ...piece, hours: 12, priceBand: { min: 1800, max: 2000 } } : piece,
    );
    expect(await guideTableOf(content)).toContain("Large about 12 hours, $1,800-2,000");
  });

  it("says so when too few pieces of a size are published, and leaves hidden pieces out", async () => {
    const content: StudioContent = structuredClone(moduleContent());
    let shown = 0;
    content.portfolio = content.portfolio.map((piece) =>
      piece.size === "large" && piece.status === "completed" && shown++ >= 2
        ? { ...piece, hidden: true }
        : piece,
    );
    expect(await guideTableOf(content)).toContain(
      "Large Too few similar pieces to tell; the artist quotes each piece.",
    );
  });

  it("gives the picker a small table, not the portfolio", async () => {
    const services = await render("/services", env.SITE_URL, moduleContent());
    const rows = islandProps(services.html, "price-guide").table as unknown[];
    expect(rows.length).toBeGreaterThan(20);
    expect(rows[0]).toEqual([
      expect.stringMatching(/^(small|medium|large)$/),
      expect.any(String),
      expect.any(String),
      expect.any(Number),
      expect.any(Number),
      expect.any(Number),
    ]);
    expect(JSON.stringify(rows).length).toBeLessThan(3000);

    for (const page of [services]) {
      expect(page.head + page.html).not.toContain(moduleContent().portfolio[10]?.description);
    }
  });
});
