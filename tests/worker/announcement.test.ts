import { env } from "cloudflare:test";
import { moduleContent } from "virtual:site-render";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StudioContent } from "../../shared/schemas/content";
import { pointerCacheKey } from "../../worker/features/site-pages/version-pointer";
import { zonedDate } from "../../worker/platform/studio-clock";
import { seedContent } from "./content-support";
import { prerenderedAssets as assets } from "./site-pages-support";
import { send } from "./submission-support";

beforeEach(async () => {
  await seedContent();
  // Each test publishes its own version: no location may still trust an earlier test's.
  await caches.default.delete(pointerCacheKey("https://studio.test"));
});
afterEach(() => {
  vi.useRealTimers();
});

const day = 24 * 60 * 60 * 1000;
/** A moment's date in the studio's time zone, as the content writes dates. */
const studioDay = (at: number) => zonedDate(new Date(at), "America/New_York");

/** Publishes the content as a version (what the editor's Publish does to the table). */
async function publish(version: number, content: StudioContent) {
  await env.DB.prepare(
    "INSERT INTO content_versions (version, snapshot, published_at, published_by, note) VALUES (?, ?, ?, 'test', 'test')",
  )
    .bind(version, JSON.stringify(content), new Date().toISOString())
    .run();
}

/** The page at `path` as a visitor gets it at `at` (past the 5 s a location trusts its version). */
async function visit(path: string, at: number) {
  vi.useFakeTimers({ now: at, toFake: ["Date"] });
  const response = await send(path, {}, { ASSETS: assets });
  return { status: response.status, etag: response.headers.get("ETag"), html: await response.text() };
}

const bar = (html: string) => /<aside class="announcement"[\s\S]*?<\/aside>/.exec(html)?.[0] ?? null;

describe("the studio's announcement", () => {
  it("is on no page while the content has none", async () => {
    for (const path of ["/", "/about", "/no-such-page"]) {
      expect(bar((await visit(path, Date.now())).html), path).toBeNull();
    }
  });

  it("shows under the header of every page once published, as text, with its link", async () => {
    const content = moduleContent();
    content.announcement = {
      text: "Closed <b>Thanksgiving</b> week: flash day on the 30th.",
      link: { href: "/flash", label: "See the flash sheet" },
    };
    await publish(2, content);
    const at = Date.now() + 60_000;
    for (const path of ["/", "/about", "/flash", "/book-consultation", "/privacy-policy", "/no-such-page"]) {
      const { html } = await visit(path, at);
      const shown = bar(html);
      expect(shown, path).toContain('aria-label="Announcement"');
      expect(shown, path).toContain("Closed &lt;b&gt;Thanksgiving&lt;/b&gt; week: flash day on the 30th.");
      expect(shown, path).toContain('<a class="announcement__link" href="/flash">See the flash sheet</a>');
      // Right under the header, before the breadcrumbs and the page.
      expect(html.indexOf("</header>"), path).toBeLessThan(html.indexOf('<aside class="announcement"'));
      expect(html.indexOf('<aside class="announcement"'), path).toBeLessThan(html.indexOf('<main id="main"'));
    }
  });

  it("shows from its first day to its last only, a new copy of each page on those days", async () => {
    const now = Date.now();
    const content = moduleContent();
    content.announcement = {
      text: "Flash day this Saturday, walk-ins from noon.",
      startsOn: studioDay(now + 2 * day),
      endsOn: studioDay(now + 3 * day),
    };
    await publish(3, content);
    const before = await visit("/about", now + 60_000);
    expect(bar(before.html)).toBeNull();
    const during = await visit("/about", now + 2 * day + 60_000);
    expect(bar(during.html)).toContain("Flash day this Saturday");
    // A browser holding the page from before gets the new one, not a 304.
    expect(during.etag).not.toBe(before.etag);
    const lastDay = await visit("/about", now + 3 * day);
    expect(bar(lastDay.html)).toContain("Flash day this Saturday");
    const after = await visit("/about", now + 5 * day);
    expect(bar(after.html)).toBeNull();
    expect(after.etag).toBe(before.etag);
  });

  it("is not in the data a page's islands read, so that file is the same on every day", async () => {
    const now = Date.now();
    const content = moduleContent();
    content.announcement = { text: "Books reopen in January.", startsOn: studioDay(now + 2 * day) };
    await publish(4, content);
    const fileOf = (html: string) => /<meta name="page-data" content="([^"]+)"/.exec(html)?.[1];
    const before = await visit("/contact", now + 60_000);
    const during = await visit("/contact", now + 2 * day + 60_000);
    expect(bar(during.html)).toContain("Books reopen in January.");
    expect(fileOf(during.html)).toBe(fileOf(before.html));
    const data = await (await send(fileOf(during.html) ?? "")).text();
    expect(data).not.toContain("Books reopen in January.");
  });
});
