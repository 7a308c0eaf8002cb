// The artist's preview: a public page rendered from the drafts, exactly as a visitor will see
// it once published, marked as a preview and kept out of caches and search engines.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { contentFromModules } from "../../worker/features/content/seed";
import { adminCall, send } from "./admin-support";
import { studioSession } from "./content-support";
import { prerenderedAssets as assets, builtStyleHash } from "./site-pages-support";
import { send as visit } from "./submission-support";

const studio = studioSession();

const today = contentFromModules();
const preview = (query: string, as = studio.cookie()) =>
  adminCall(`/api/admin/content/preview${query}`, { headers: as ? { Cookie: as } : {} }, { ASSETS: assets });
const publicPage = async (path: string) => (await visit(path, {}, { ASSETS: assets })).text();
const withoutBanner = (html: string) =>
  html
    .replace(/<style>\.gn-preview-banner\{[^<]*<\/style>/, "")
    .replace(/<p class="gn-preview-banner"[^>]*>[^<]*<\/p>/, "");

describe("GET /api/admin/content/preview", () => {
  it("shows a saved draft the public page does not show yet", async () => {
    const [first, ...rest] = today.portfolio;
    if (!first) throw new Error("The seed has no portfolio");
    const renamed = { ...first, title: "Peony sleeve, first session" };
    const saved = await send("PUT", "/api/admin/content/sections/portfolio", studio.cookie(), {
      data: [renamed, ...rest],
      revision: 1,
    });
    expect(saved.status).toBe(200);
    const response = await preview("?path=/gallery");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Peony sleeve, first session");
    expect(html).toContain("Preview: not published");
    const live = await publicPage("/gallery");
    expect(live).toContain(first.title);
    expect(live).not.toContain("Peony sleeve, first session");
    expect(live).not.toContain("Preview: not published");
  });

  it("is the public page itself plus the banner, when nothing is changed", async () => {
    const response = await preview("?path=/services");
    const html = await response.text();
    expect(html).toMatch(/<body[^>]*><p class="gn-preview-banner" role="note">Preview: not published<\/p>/);
    // The one other difference: the islands' data is in the preview (the drafts have no version
    // whose file the page could name), the very data the public page's file holds.
    const dataBlock = /<script type="application\/json" id="page-content">([^<]*)<\/script>/;
    const data = dataBlock.exec(html)?.[1];
    const live = await publicPage("/services");
    const file = /<meta name="page-data" content="([^"]+)" \/>/.exec(live)?.[1];
    expect(data).toBeDefined();
    expect(file).toBeDefined();
    expect(data).toBe(await (await visit(file ?? "")).text());
    expect(withoutBanner(html).replace(dataBlock, "")).toBe(live.replace(/<meta name="page-data"[^>]*>/, ""));
  });

  it("is never cached nor indexed, and its policy allows exactly the page's styles and the banner's", async () => {
    const response = await preview("?path=/gallery");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(response.headers.get("ETag")).toBeNull();
    const policy = response.headers.get("Content-Security-Policy") ?? "";
    expect(policy).toMatch(new RegExp(`style-src 'self' ${builtStyleHash} 'sha256-[A-Za-z0-9+/=]+';`));
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it("is for the artist only (401 without a session)", async () => {
    const response = await preview("?path=/gallery", "");
    expect(response.status).toBe(401);
    expect(await response.text()).not.toContain("Preview");
  });

  it("answers 404 for a path that is not a public page", async () => {
    for (const path of ["/nope", "/admin", "/api/portfolio", "/sitemap.xml", "gallery"]) {
      const response = await preview(`?path=${encodeURIComponent(path)}`);
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("not_found");
    }
  });

  it("answers 400 for a missing path", async () => {
    for (const query of ["", "?path="]) {
      const response = await preview(query);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("validation");
    }
  });

  it("answers 400 naming the section when a draft fails its schema, with each field's message", async () => {
    await env.DB.prepare("UPDATE content_drafts SET data = ? WHERE section = 'hours'")
      .bind(JSON.stringify({ ...today.hours, weekly: today.hours.weekly.slice(1) }))
      .run();
    const response = await preview("?path=/contact");
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; message: string; fields: object } };
    expect(error.code).toBe("validation");
    expect(error.message).toBe(
      "The drafts cannot be previewed until the Hours section is fixed in the editor.",
    );
    expect(error.fields).toEqual({ "hours.weekly": "Give all seven days" });
  });
});
