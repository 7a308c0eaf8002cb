import { env } from "cloudflare:test";
import { moduleContent, pageData } from "virtual:site-render";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { StudioContent } from "../../shared/schemas/content";
import { announcePublished } from "../../worker/features/site-pages/version-pointer";
import { countingDb, seedContent } from "./content-support";
import { d1Down } from "./outage-support";
import { prerenderedAssets as assets } from "./site-pages-support";
import { send } from "./submission-support";

beforeEach(seedContent);

/** The data file a served page names for its islands, or null when it names none. */
async function dataFileOf(path: string, overrides: Partial<Env> = {}): Promise<string | null> {
  const html = await (await send(path, {}, { ASSETS: assets, ...overrides })).text();
  expect(html, "the page's data is not in the page itself").not.toContain('id="page-content"');
  return /<meta name="page-data" content="([^"]+)"/.exec(html)?.[1] ?? null;
}

/**
 * Publishes the content as the next version, as the editor's Publish does: the row, then this
 * location told at once (other locations learn it within their pointer's few seconds).
 */
async function publish(version: number, content: StudioContent) {
  await env.DB.prepare(
    "INSERT INTO content_versions (version, snapshot, published_at, published_by, note) VALUES (?, ?, ?, 'test', 'test')",
  )
    .bind(version, JSON.stringify(content), new Date().toISOString())
    .run();
  await announcePublished("https://studio.test/api/admin/content/publish", env.DB);
}

describe("the data a page's islands hydrate from, in a file of its own", () => {
  it("names the live version's file on a page with islands, which holds what the islands read", async () => {
    const file = await dataFileOf("/flash");
    expect(file).toMatch(/^\/page-data\/flash\.[A-Za-z0-9_-]{22}\.json$/);
    const response = await send(file ?? "");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const data = (await response.json()) as { flash: { title: string }[]; studio: { name: string } };
    expect(data.flash.map((design) => design.title)).toContain(moduleContent().flash[0]?.title);
    expect(data.studio.name).toBe(moduleContent().studio.name);
    // Only the lists the flash page shows: the portfolio and the reviews stay out.
    expect(Object.keys(data)).not.toContain("portfolio");
    expect(Object.keys(data)).not.toContain("testimonials");
  });

  it("names no file on a page without islands, so it carries no data at all", async () => {
    for (const path of ["/about", "/privacy-policy", "/terms-of-service", "/no-such-page"]) {
      expect(await dataFileOf(path), path).toBeNull();
    }
  });

  it("serves the data of the build's own content without asking D1", async () => {
    const { hash } = await pageData("gallery", moduleContent());
    const response = await send(`/page-data/gallery.${hash}.json`, {}, { DB: d1Down });
    expect(response.status).toBe(200);
    expect(Object.keys((await response.json()) as object)).toContain("portfolio");
  });

  it("answers a malformed or unknown address with a JSON 404", async () => {
    const { hash } = await pageData("flash", moduleContent());
    for (const path of [
      `/page-data/flash.${hash.slice(1)}.json`,
      `/page-data/flash.${hash}.js`,
      `/page-data/flash.${hash}`,
      `/page-data/admin.${hash}.json`,
      `/page-data/not-found.${hash}.json`,
      `/page-data/gallery.${hash}.json`,
      `/page-data/flash.${"A".repeat(22)}.json`,
    ]) {
      const response = await send(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Cache-Control"), path).toBe("no-store");
      expect(((await response.json()) as { error: { code: string } }).error.code, path).toBe("not_found");
    }
  });

  it("after a publish, names the new data's file, and still serves the file a page open from before names", async () => {
    const before = await dataFileOf("/flash");
    const contactBefore = await dataFileOf("/contact");
    const changed = moduleContent();
    const first = changed.flash[0];
    if (!first) throw new Error("the seed has flash designs");
    first.title = "Lantern in the fog";
    await publish(2, changed);
    // Past the 5 s a location trusts its version pointer.
    vi.useFakeTimers({ now: Date.now() + 60_000, toFake: ["Date"] });
    try {
      const after = await dataFileOf("/flash");
      expect(after).toMatch(/^\/page-data\/flash\./);
      expect(after).not.toBe(before);
      const data = (await (await send(after ?? "")).json()) as { flash: { title: string }[] };
      expect(data.flash[0]?.title).toBe("Lantern in the fog");
      const old = (await (await send(before ?? "")).json()) as { flash: { title: string }[] };
      expect(old.flash[0]?.title).toBe(moduleContent().flash[0]?.title);
      // A page whose data did not change names the same file as before the publish.
      expect(await dataFileOf("/contact")).toBe(contactBefore);
    } finally {
      vi.useRealTimers();
    }
  });

  it("finds a version's data among the live version and the two before it, not older", async () => {
    // Version numbers of their own: an isolate keeps each version it has parsed.
    const versions = [3, 4, 5, 6].map((version) => {
      const content = moduleContent();
      content.studio.name = `Studio ${version}`;
      return content;
    });
    for (const [i, content] of versions.entries()) await publish(i + 3, content);
    const fileOf = async (content: StudioContent) =>
      `/page-data/reviews.${(await pageData("reviews", content)).hash}.json`;
    // Live is 6: 6, 5 and 4 are found; 3 is too old to be on a page still being opened.
    for (const content of versions.slice(1)) {
      const response = await send(await fileOf(content));
      expect(response.status, content.studio.name).toBe(200);
      expect(((await response.json()) as { studio: { name: string } }).studio.name).toBe(content.studio.name);
    }
    expect((await send(await fileOf(versions[0] as StudioContent))).status).toBe(404);
  });

  it("reads no D1 row for a file this location has served before", async () => {
    const changed = moduleContent();
    changed.studio.name = "Gilded Needle Atelier";
    await publish(7, changed);
    const path = `/page-data/about.${(await pageData("about", changed)).hash}.json`;
    expect((await send(path)).status).toBe(200);
    const { db, counter } = countingDb(env.DB);
    const again = await send(path, {}, { DB: db });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { studio: { name: string } }).studio.name).toBe("Gilded Needle Atelier");
    expect(counter.queries).toBe(0);
  });

  it("reads no D1 row for addresses nobody published, however many are tried", async () => {
    const randomAddress = () => {
      const bytes = crypto.getRandomValues(new Uint8Array(16));
      const hash = btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
      return `/page-data/flash.${hash}.json`;
    };
    // The location learns its live version the way a page view does.
    expect(await dataFileOf("/flash")).toMatch(/^\/page-data\/flash\./);
    expect((await send(randomAddress())).status).toBe(404);
    const { db, counter } = countingDb(env.DB);
    for (let i = 0; i < 20; i++) {
      const response = await send(randomAddress(), {}, { DB: db });
      expect(response.status).toBe(404);
    }
    expect(counter.queries).toBe(0);
  });

  it("with D1 gone, still serves the data of a page this location rendered", async () => {
    const changed = moduleContent();
    changed.studio.name = "Studio Ten";
    await publish(10, changed);
    const file = await dataFileOf("/reviews");
    expect(file).toBe(`/page-data/reviews.${(await pageData("reviews", changed)).hash}.json`);
    // Long past the pointer's few seconds, with the database unreachable.
    vi.useFakeTimers({ now: Date.now() + 600_000, toFake: ["Date"] });
    try {
      const response = await send(file ?? "", {}, { DB: d1Down });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { studio: { name: string } }).studio.name).toBe("Studio Ten");
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers 503, never cached, when D1 is gone and the file was never served here", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const changed = moduleContent();
    changed.studio.name = "Studio Nine";
    await publish(8, changed);
    const path = `/page-data/contact.${(await pageData("contact", changed)).hash}.json`;
    const down = await send(path, {}, { DB: d1Down });
    expect(down.status).toBe(503);
    expect(down.headers.get("Cache-Control")).toBe("no-store");
    expect(down.headers.get("Retry-After")).toBe("30");
    // Back up: the same address serves the file (the failure was not kept).
    expect((await send(path)).status).toBe(200);
  });
});
