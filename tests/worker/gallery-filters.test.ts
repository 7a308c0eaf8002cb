import { beforeEach, describe, expect, it } from "vitest";
import { contentFromModules } from "../../worker/features/content/seed";
import { seedContent } from "./content-support";
import { prerenderedAssets as assets } from "./site-pages-support";
import { send } from "./submission-support";

/**
 * The portfolio's filters without JavaScript: each is a plain link to a gallery the worker
 * renders filtered, kept as a page of its own under one spelling of its filters.
 */
beforeEach(seedContent);

const portfolio = contentFromModules().portfolio;
const page = (path: string) => send(path, {}, { ASSETS: assets });
/** The ids of the pieces a rendered gallery shows, as cards and in the list of the rest. */
const shownIds = (html: string) => ({
  cards: [...html.matchAll(/<li id="(tattoo-\d+)" class="art-card"/g)].map((match) => match[1]),
  listed: [...html.matchAll(/<li id="(tattoo-\d+)">/g)].map((match) => match[1]),
});

describe("the gallery filtered by its address", () => {
  it("shows only the pieces of a size and status, the filters as links that keep each other", async () => {
    const response = await page("/gallery?size=small&status=completed");
    expect(response.status).toBe(200);
    const html = await response.text();
    const wanted = portfolio.filter((piece) => piece.size === "small" && piece.status === "completed");
    expect(wanted.length).toBeGreaterThan(12);
    const { cards, listed } = shownIds(html);
    // The first batch as cards, the rest listed below them: every piece the filters pass, no other.
    expect(cards).toEqual(wanted.slice(0, 12).map((piece) => piece.id));
    expect(listed).toEqual(wanted.slice(12).map((piece) => piece.id));
    // Each filter is a link to the gallery with it changed and the others kept; the current one is marked.
    expect(html).toContain(
      '<a class="filter-chip filter-chip--link" href="/gallery?size=large&amp;status=completed">Large</a>',
    );
    expect(html).toContain('<a class="filter-chip filter-chip--link" href="/gallery?size=small">All</a>');
    expect(html).toMatch(/href="\/gallery\?size=small&amp;status=completed" aria-current="true">Small</);
    // The island hydrates from the filters the server rendered.
    expect(html).toContain("&quot;renderedSearch&quot;:&quot;size=small&amp;status=completed&quot;");
  });

  it("filters by style and status together, and an empty result says so", async () => {
    const [inProgress] = portfolio.filter((piece) => piece.status === "in-progress");
    if (!inProgress) throw new Error("The seed has no piece in progress");
    const html = await (await page(`/gallery?style=${inProgress.style}&status=in-progress`)).text();
    const wanted = portfolio.filter(
      (piece) => piece.style === inProgress.style && piece.status === "in-progress",
    );
    expect(shownIds(html).cards).toEqual(wanted.map((piece) => piece.id));
    const styles = new Set(portfolio.map((piece) => piece.style));
    const other = [...styles].find(
      (style) => !portfolio.some((piece) => piece.style === style && piece.status === "in-progress"),
    );
    const empty = await (await page(`/gallery?style=${other}&status=in-progress`)).text();
    expect(shownIds(empty).cards).toEqual([]);
    expect(empty).toContain("No tattoos found");
  });

  it("spells the filters one way: order, unknown values and other parameters make no other page", async () => {
    const plain = await page("/gallery");
    const ignored = await page("/gallery?style=no-such-style&size=huge&utm_source=mail");
    expect(ignored.status).toBe(200);
    // The same page as the unfiltered gallery (same version, same ETag), no filtered copy kept.
    expect(ignored.headers.get("ETag")).toBe(plain.headers.get("ETag"));
    expect(shownIds(await ignored.text()).cards).toEqual(shownIds(await plain.text()).cards);
    const one = await page("/gallery?status=completed&size=large");
    const other = await page("/gallery?size=large&status=completed&q=koi");
    expect(one.headers.get("ETag")).toBe(other.headers.get("ETag"));
    expect(one.headers.get("ETag")).not.toBe(plain.headers.get("ETag"));
    // A filtered page is a page like the others: a browser holding it gets a 304.
    const again = await send(
      "/gallery?size=large&status=completed",
      { headers: { "If-None-Match": one.headers.get("ETag") ?? "" } },
      { ASSETS: assets },
    );
    expect(again.status).toBe(304);
  });

  it("leaves every other page's query alone", async () => {
    const plain = await page("/flash");
    const asked = await page("/flash?size=small&style=japanese");
    expect(asked.headers.get("ETag")).toBe(plain.headers.get("ETag"));
  });
});
