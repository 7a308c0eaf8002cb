// The artist's preview: the Studio's preview link puts her browser in preview mode, and every
// public page she then opens, at its own address, is drawn from the drafts exactly as a visitor
// will see it once published, marked as a preview and kept out of caches and search engines.
// Nobody else, and no other session of hers, ever gets a preview.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { contentFromModules } from "../../worker/features/content/seed";
import { adminCall, secrets, send, signedInAdmin } from "./admin-support";
import { studioSession } from "./content-support";
import { prerenderedAssets as assets, builtStyleHash } from "./site-pages-support";
import { send as visit } from "./submission-support";

const studio = studioSession();

const today = contentFromModules();
const bannerText = "Preview of your draft — not live";

const openPreview = (query: string, as = studio.cookie()) =>
  adminCall(
    `/api/admin/content/preview${query}`,
    { headers: as ? { Cookie: as } : {}, redirect: "manual" },
    { ASSETS: assets },
  );

/** The preview-mode cookie the Studio's preview link sets, as `name=value`. */
async function previewCookie(path = "/gallery", as = studio.cookie()): Promise<string> {
  const response = await openPreview(`?path=${encodeURIComponent(path)}`, as);
  expect(response.status).toBe(303);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("__Host-gn_preview="));
  if (!cookie) throw new Error("no preview cookie");
  return cookie.split(";")[0] ?? "";
}

/** A page as a browser with these cookies gets it. */
const page = (path: string, cookies: string[] = []) =>
  visit(
    path,
    { headers: cookies.length ? { Cookie: cookies.join("; ") } : {} },
    { ASSETS: assets, ...secrets },
  );

const withoutPreviewMarks = (html: string) =>
  html
    .replace(' data-preview=""', "")
    .replace(/<style>\.gn-preview-banner\{[^<]*<\/style>/, "")
    .replace(/<aside class="gn-preview-banner"[^>]*>.*?<\/aside>/, "");

describe("GET /api/admin/content/preview", () => {
  it("puts the browser in preview mode and sends it to the page's own address", async () => {
    const response = await openPreview("?path=/gallery");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/gallery");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith("__Host-gn_preview="));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=1800/);
  });

  it("shows a saved draft on the page and on every page its links lead to, the public site unchanged", async () => {
    const [first, ...rest] = today.portfolio;
    if (!first) throw new Error("The seed has no portfolio");
    const saved = await send("PUT", "/api/admin/content/sections/portfolio", studio.cookie(), {
      data: [{ ...first, title: "Peony sleeve, first session" }, ...rest],
      revision: 1,
    });
    expect(saved.status).toBe(200);
    const hours = today.hours.weekly.map((day) =>
      day.day === "Saturday" && day.closes ? { ...day, closes: "21:45" } : day,
    );
    expect((await studio.saveSection("hours", { ...today.hours, weekly: hours })).status).toBe(200);
    const cookies = [studio.cookie(), await previewCookie("/gallery")];

    const gallery = await page("/gallery", cookies);
    expect(gallery.status).toBe(200);
    const html = await gallery.text();
    expect(html).toContain("Peony sleeve, first session");
    expect(html).toContain(bannerText);
    // A link inside the page leads to its address; that address, in this browser, is a preview too.
    expect(html).toMatch(/href="\/contact"/);
    const contact = await (await page("/contact", cookies)).text();
    expect(contact).toContain(bannerText);
    expect(contact).toMatch(/9:45\s*PM/);

    const live = await (await page("/gallery")).text();
    expect(live).toContain(first.title);
    expect(live).not.toContain("Peony sleeve, first session");
    expect(live).not.toContain(bannerText);
    expect(live).not.toContain("data-preview");
  });

  it("is the public page itself plus the preview's marks, when nothing is changed", async () => {
    const response = await page("/services", [studio.cookie(), await previewCookie("/services")]);
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html><html data-preview="" /i);
    expect(html).toMatch(
      /<body[^>]*><aside class="gn-preview-banner" aria-label="Preview"><strong>Preview of your draft — not live<\/strong><a href="\/admin\/studio">Back to the Studio<\/a><a href="\/api\/admin\/content\/preview\/leave\?path=%2Fservices">See the live page<\/a><\/aside>/,
    );
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    // The other difference: the islands' data is in the preview (the drafts have no version
    // whose file the page could name), the very data the public page's file holds.
    const dataBlock = /<script type="application\/json" id="page-content">([^<]*)<\/script>/;
    const data = dataBlock.exec(html)?.[1];
    const live = await (await page("/services")).text();
    const file = /<meta name="page-data" content="([^"]+)" \/>/.exec(live)?.[1];
    expect(data).toBeDefined();
    expect(file).toBeDefined();
    expect(data).toBe(await (await visit(file ?? "")).text());
    expect(withoutPreviewMarks(html).replace(dataBlock, "")).toBe(
      live
        .replace(/<meta name="page-data"[^>]*>/, "")
        .replace(
          /<meta name="robots" content="index, follow" \/>/,
          '<meta name="robots" content="noindex, nofollow" />',
        ),
    );
  });

  it("is never cached nor indexed, and its policy allows exactly the page's styles and the banner's", async () => {
    const response = await page("/gallery", [studio.cookie(), await previewCookie()]);
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
    const response = await openPreview("?path=/gallery", "");
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie().some((line) => line.startsWith("__Host-gn_preview="))).toBe(false);
  });

  it("gives the public page to a browser with the cookie but no session, another session, or a forged or old cookie", async () => {
    const cookie = await previewCookie();
    const [, value = ""] = cookie.split("=");
    const [expires = "", mac = ""] = value.split(".");
    const other = (await signedInAdmin()).cookie;
    const past = `__Host-gn_preview=${Date.now() - 1000}.${mac}`;
    const later = `__Host-gn_preview=${Number(expires) + 60_000}.${mac}`;
    for (const cookies of [
      [cookie],
      [other, cookie],
      [studio.cookie(), past],
      [studio.cookie(), later],
      [studio.cookie(), "__Host-gn_preview=1"],
      [studio.cookie()],
    ]) {
      const response = await page("/gallery", cookies);
      expect(response.status, cookies.join("; ")).toBe(200);
      expect(response.headers.get("Cache-Control"), cookies.join("; ")).toBe(
        "public, max-age=0, must-revalidate",
      );
      expect(await response.text(), cookies.join("; ")).not.toContain(bannerText);
    }
  });

  it("answers 404 for a path that is not a public page", async () => {
    for (const path of ["/nope", "/admin", "/api/portfolio", "/sitemap.xml", "gallery"]) {
      const response = await openPreview(`?path=${encodeURIComponent(path)}`);
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("not_found");
    }
  });

  it("answers 400 for a missing path", async () => {
    for (const query of ["", "?path="]) {
      const response = await openPreview(query);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("validation");
    }
  });

  it("answers 400 naming the section when a draft fails its schema, with each field's message", async () => {
    await env.DB.prepare("UPDATE content_drafts SET data = ? WHERE section = 'hours'")
      .bind(JSON.stringify({ ...today.hours, weekly: today.hours.weekly.slice(1) }))
      .run();
    const response = await openPreview("?path=/contact");
    expect(response.status).toBe(400);
    expect(response.headers.getSetCookie().some((line) => line.startsWith("__Host-gn_preview="))).toBe(false);
    const { error } = (await response.json()) as { error: { code: string; message: string; fields: object } };
    expect(error.code).toBe("validation");
    expect(error.message).toBe(
      "The drafts cannot be previewed until the Hours section is fixed in the editor.",
    );
    expect(error.fields).toEqual({ "hours.weekly": "Give all seven days" });
  });
});

describe("GET /api/admin/content/preview/leave", () => {
  it("ends preview mode and goes to the live page", async () => {
    const cookie = await previewCookie();
    const response = await adminCall("/api/admin/content/preview/leave?path=%2Fgallery", {
      headers: { Cookie: `${studio.cookie()}; ${cookie}` },
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/gallery");
    expect(response.headers.getSetCookie().find((line) => line.startsWith("__Host-gn_preview="))).toMatch(
      /Max-Age=0/,
    );
  });

  it("goes home for a path that is no page, and is for the artist only", async () => {
    const home = await adminCall("/api/admin/content/preview/leave?path=https%3A%2F%2Fevil.test", {
      headers: { Cookie: studio.cookie() },
      redirect: "manual",
    });
    expect(home.headers.get("Location")).toBe("/");
    const refused = await adminCall("/api/admin/content/preview/leave?path=%2Fgallery", {
      redirect: "manual",
    });
    expect(refused.status).toBe(401);
  });
});
