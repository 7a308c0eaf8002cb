import { createHash } from "node:crypto";
import type { ConsoleMessage } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { notFoundPage, publicPages } from "../../shared/routes";
import { securityHeaders } from "../../shared/security-headers";
import { seoFor } from "../../shared/seo";
import { forEachConcurrently } from "../support/concurrently";
import { skipConsentDialog } from "../support/consent";
import { gotoReady, hydrateEveryIsland } from "../support/islands";
import { useBrowser } from "../support/use-browser";

const baseUrl = inject("baseUrl");
const browser = useBrowser();

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
/** The first capture of a pattern in the HTML, with entities decoded. */
const text = (html: string, pattern: RegExp) => {
  const found = pattern.exec(html)?.[1];
  return found === undefined ? undefined : decode(found);
};

describe("prerendered public pages (HTTP)", () => {
  for (const page of publicPages) {
    it(`${page.path} is full HTML with its own title, description, canonical and heading`, async () => {
      const response = await fetch(`${baseUrl}${page.path}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(text(html, /<title>([^<]*)<\/title>/)).toBe(page.title);
      expect(text(html, /<meta name="description" content="([^"]*)"/)).toBe(seoFor(page.key).description);
      expect(text(html, /<h1[^>]*>([^<]*)<\/h1>/)).toBe(page.heading);
      expect(html).toContain(
        `<meta name="robots" content="${page.indexable ? "index, follow" : "noindex, follow"}"`,
      );
      const canonical = text(html, /<link rel="canonical" href="([^"]*)"/);
      expect(new URL(canonical ?? "").pathname).toBe(page.path);
    });
  }

  it("/home shows the home page with its canonical link pointing at /", async () => {
    const html = await (await fetch(`${baseUrl}/home`)).text();
    expect(text(html, /<h1[^>]*>([^<]*)<\/h1>/)).toBe(publicPages[0].heading);
    expect(new URL(text(html, /<link rel="canonical" href="([^"]*)"/) ?? "").pathname).toBe("/");
  });

  it("unknown page paths get the site's 404 page with status 404", async () => {
    const response = await fetch(`${baseUrl}/nope`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(text(html, /<h1[^>]*>([^<]*)<\/h1>/)).toBe("404 - Page Not Found");
    expect(html).toContain('<meta name="robots" content="noindex, follow"');
    expect(html).toContain('href="/gallery"');
  });

  it("sends the security headers on a page and the 404 page, and a script the ones a script obeys", async () => {
    const html = await (await fetch(`${baseUrl}/services`)).text();
    // The entry script the page starts after its first paint (public/after-first-paint.js).
    const asset = /data-entry="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    // Inline stylesheets are allowed only by hash, never 'unsafe-inline', and each response
    // allows exactly the ones its page inlines (scripts/prerender.mjs): a page its own, anything
    // else (an asset, robots.txt) the not-found page's, the page the asset layer answers with.
    const hashesOf = (page: string) =>
      [...page.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(
        (m) =>
          `'sha256-${createHash("sha256")
            .update(m[1] ?? "")
            .digest("base64")}'`,
      );
    const pageHashes = hashesOf(html);
    expect(pageHashes.length).toBeGreaterThan(0);
    const notFoundHashes = hashesOf(await (await fetch(`${baseUrl}/nope`)).text());
    expect(notFoundHashes.length).toBeGreaterThan(0);
    expect(notFoundHashes).not.toEqual(pageHashes);
    const policyAllowing = (hashes: string[]) =>
      (securityHeaders["Content-Security-Policy"] ?? "").replace(
        "style-src 'self'",
        `style-src ${["'self'", ...hashes].join(" ")}`,
      );
    const answers: [string, string[]][] = [
      ["/services", pageHashes],
      ["/nope", notFoundHashes],
      ["/robots.txt", notFoundHashes],
      // A file under /assets/ that is not there is the not-found page: a document, fully guarded.
      ["/assets/nope.js", notFoundHashes],
    ];
    for (const [path, hashes] of answers) {
      const response = await fetch(`${baseUrl}${path}`);
      await response.body?.cancel();
      const expected: Record<string, string> = {
        ...securityHeaders,
        "Content-Security-Policy": policyAllowing(hashes),
      };
      for (const [name, value] of Object.entries(expected)) {
        expect(response.headers.get(name), `${name} on ${path}`).toBe(value);
      }
    }
    // A script is never a document: it keeps what guards a loaded file (no sniffing, no other
    // site's pages, HTTPS only) and drops what only a document obeys (its policy, framing,
    // permissions), a few hundred bytes on each of a page's scripts.
    for (const script of [asset ?? "", "/after-first-paint.js"]) {
      const response = await fetch(`${baseUrl}${script}`);
      await response.body?.cancel();
      for (const name of [
        "X-Content-Type-Options",
        "Cross-Origin-Resource-Policy",
        "Strict-Transport-Security",
      ]) {
        expect(response.headers.get(name), `${name} on ${script}`).toBe(securityHeaders[name] ?? "");
      }
      for (const name of ["Content-Security-Policy", "X-Frame-Options", "Permissions-Policy"]) {
        expect(response.headers.get(name), `${name} on ${script}`).toBeNull();
      }
    }
    const assetResponse = await fetch(`${baseUrl}${asset}`);
    expect(assetResponse.headers.get("Cache-Control")).toContain("immutable");
    // A file that does not exist is a 404 a cache must ask about again, never a year-long one.
    for (const missing of ["/assets/nope.js", `${asset}.map`, "/assets/fonts/missing.woff2"]) {
      const response = await fetch(`${baseUrl}${missing}`);
      expect(response.status, missing).toBe(404);
      expect(response.headers.get("Cache-Control") ?? "", missing).not.toContain("immutable");
      await response.body?.cancel();
    }
  });

  it("serves a real robots.txt that keeps crawlers out of /admin and /api", async () => {
    const response = await fetch(`${baseUrl}/robots.txt`);
    expect(response.headers.get("Content-Type")).toMatch(/text\/plain/);
    const body = await response.text();
    expect(body).toMatch(/^Disallow: \/admin$/m);
    expect(body).toMatch(/^Disallow: \/api$/m);
    expect(body).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  });

  it("serves a sitemap listing every indexable public route and nothing else", async () => {
    const response = await fetch(`${baseUrl}/sitemap.xml`);
    expect(response.headers.get("Content-Type")).toMatch(/xml/);
    const body = await response.text();
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname);
    expect(locs.sort()).toEqual(
      publicPages
        .filter((p) => p.indexable)
        .map((p) => p.path)
        .sort(),
    );
  });
});

describe("public pages in Chromium", () => {
  const missingPath = "/no-such-page";
  it("every route, the not-found page too, hydrates every island without errors, hydration warnings or DevTools issues", async () => {
    const context = await browser().newContext();
    const problems: string[] = [];
    const pages = await Promise.all(
      [1, 2, 3].map(async () => {
        const page = await context.newPage();
        // DevTools "issues" are what Lighthouse's best-practices audit counts; a policy violation
        // such as a blocked eval probe shows there and nowhere in the console.
        const devtools = await context.newCDPSession(page);
        devtools.on("Audits.issueAdded", ({ issue }) => {
          problems.push(`issue: ${issue.code} ${JSON.stringify(issue.details).slice(0, 300)}`);
        });
        await devtools.send("Audits.enable");
        page.on("console", (message: ConsoleMessage) => {
          // The not-found page is itself answered with status 404, which Chromium logs.
          if (message.location().url === `${baseUrl}${missingPath}` && /status of 404/.test(message.text()))
            return;
          if (message.type() === "error" || message.type() === "warning")
            problems.push(`${message.type()}: ${message.text()}`);
        });
        page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
        return page;
      }),
    );
    // The not-found page has islands too (the site-wide ones).
    const routes = [...publicPages, { path: missingPath, heading: notFoundPage.heading }];
    await forEachConcurrently(routes, pages.length, async (route, lane) => {
      const page = pages[lane];
      if (!page) throw new Error(`no page for lane ${lane}`);
      await gotoReady(page, `${baseUrl}${route.path}`);
      await hydrateEveryIsland(page);
      expect(await page.locator("h1").first().textContent()).toBe(route.heading);
    });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("pages are readable with JavaScript off: heading, navigation and footer are in the HTML", async () => {
    const context = await browser().newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/services`);
    await expect(page.locator("h1").textContent()).resolves.toBe("Services and pricing");
    expect(await page.locator("footer a[href^='tel:']").count()).toBeGreaterThan(0);
    expect(await page.locator("nav[aria-label='Main'] a[href='/gallery']").count()).toBe(1);
    await context.close();
  });

  it("client-side navigation updates the heading, title and canonical link", async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 800 } });
    await skipConsentDialog(context);
    const page = await context.newPage();
    await gotoReady(page, `${baseUrl}/`);
    await page.locator("nav[aria-label='Main'] a[href='/services']").click();
    await page.waitForURL(`${baseUrl}/services`);
    // The page's chunk loads on first visit; the previous page stays until it is in.
    await expect.poll(() => page.locator("h1").textContent()).toBe("Services and pricing");
    expect(await page.title()).toBe(publicPages.find((p) => p.key === "services")?.title);
    const canonical = await page.locator("link[rel=canonical]").getAttribute("href");
    expect(new URL(canonical ?? "").pathname).toBe("/services");
    await context.close();
  });

  it("the phone menu opens with its toggle, lists every destination and closes when a link is chosen", async () => {
    const context = await browser().newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await skipConsentDialog(context);
    const page = await context.newPage();
    await gotoReady(page, `${baseUrl}/`);
    const menu = page.locator("#site-menu");
    await expect(menu.isVisible()).resolves.toBe(false);
    await page.getByRole("button", { name: "Menu" }).click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    const labels = await menu.locator("a").allTextContents();
    expect(labels).toEqual([
      "Home",
      "About",
      "Portfolio",
      "Flash",
      "Services",
      "Aftercare",
      "Contact",
      "Admin login",
      "Book Consultation",
    ]);
    await menu.getByRole("link", { name: "About" }).click();
    await page.waitForURL(`${baseUrl}/about`);
    await expect.poll(() => menu.isVisible()).toBe(false);
    await context.close();
  });

  it("shows breadcrumbs with BreadcrumbList data on inner pages and none on home", async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    expect(await page.locator("nav[aria-label='Breadcrumb']").count()).toBe(0);
    await page.goto(`${baseUrl}/book-consultation`);
    const trail = await page.locator("nav[aria-label='Breadcrumb'] li").allTextContents();
    expect(trail).toEqual(["Home", "Book Consultation"]);
    const blocks = (await page.locator("script[type='application/ld+json']").allTextContents()).map((text) =>
      JSON.parse(text),
    );
    const data = blocks.find((block) => block["@type"] === "BreadcrumbList");
    expect(data).toBeDefined();
    expect(data.itemListElement.map((item: { name: string }) => item.name)).toEqual([
      "Home",
      "Book Consultation",
    ]);
    await context.close();
  });
});
