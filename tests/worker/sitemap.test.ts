import { env } from "cloudflare:test";
import { renderSitemap } from "virtual:site-render";
import { beforeEach, describe, expect, it } from "vitest";
import { publicPages } from "../../shared/routes";
import { announcePublished } from "../../worker/features/site-pages/version-pointer";
import { seedContent } from "./content-support";
import { builtStyleHash, prerenderedAssets } from "./site-pages-support";
import { send } from "./submission-support";

/** The build's files: its sitemap (written at build time, dated the build day) and its pages. */
const assets = {
  fetch: async (request: Request) => {
    if (new URL(request.url).pathname !== "/sitemap.xml") return prerenderedAssets.fetch(request);
    return new Response(renderSitemap(env.SITE_URL, "2020-01-01"), {
      headers: {
        "Content-Type": "application/xml",
        "Content-Security-Policy": `default-src 'self'; script-src 'self'; style-src 'self' ${builtStyleHash}`,
      },
    });
  },
} as unknown as Fetcher;

const lastmods = (xml: string) => [...xml.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)].map((match) => match[1]);
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

async function publishAt(publishedAt: string): Promise<number> {
  await env.DB.prepare(
    `INSERT INTO content_versions (version, snapshot, published_at, published_by)
     SELECT version + 1, snapshot, ?1, 'test' FROM content_versions ORDER BY version DESC LIMIT 1`,
  )
    .bind(publishedAt)
    .run();
  const row = await env.DB.prepare("SELECT max(version) AS v FROM content_versions").first<{ v: number }>();
  const version = row?.v ?? 0;
  // As the content API does after a publish: this location serves the new version at once.
  await announcePublished("https://studio.test/api/admin/content/publish", env.DB);
  return version;
}

beforeEach(seedContent);

describe("the sitemap served by the worker", () => {
  it("lists the build's URLs, dated by the live content's publish time, with the build's headers", async () => {
    await publishAt("2026-03-14T09:30:00.000Z");
    const response = await send("/sitemap.xml", {}, { ASSETS: assets });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml");
    const xml = await response.text();
    // The same URLs, in the same order, as the file the build writes.
    expect(locs(xml)).toEqual(locs(renderSitemap(env.SITE_URL, "2020-01-01")));
    expect(locs(xml)).toHaveLength(publicPages.filter((page) => page.indexable).length);
    expect(new Set(lastmods(xml))).toEqual(new Set(["2026-03-14T09:30:00.000Z"]));
    expect(response.headers.get("Content-Security-Policy")).toContain(`style-src 'self' ${builtStyleHash};`);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    // Kept like a page: the second request is the cached copy, with the same validator.
    const again = await send("/sitemap.xml", {}, { ASSETS: assets });
    expect(await again.text()).toBe(xml);
    expect(again.headers.get("ETag")).toBe(response.headers.get("ETag"));
  });

  it("moves lastmod when the artist publishes", async () => {
    await publishAt("2026-03-14T09:30:00.000Z");
    const before = await (await send("/sitemap.xml", {}, { ASSETS: assets })).text();
    expect(lastmods(before)[0]).toBe("2026-03-14T09:30:00.000Z");
    await publishAt("2026-04-02T17:05:00.000Z");
    const after = await send("/sitemap.xml", {}, { ASSETS: assets });
    const xml = await after.text();
    expect(new Set(lastmods(xml))).toEqual(new Set(["2026-04-02T17:05:00.000Z"]));
    expect(xml).not.toContain("2026-03-14");
    expect(locs(xml)).toEqual(locs(before));
  });
});
