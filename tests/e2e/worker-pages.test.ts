import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { contentFromModules } from "../../shared/content/module-content";
import { factsFrom } from "../../shared/content-facts";
import { cashOnly, depositPaymentSentence } from "../../shared/payment-methods";
import { pathAliases, publicPages } from "../../shared/routes";

const baseUrl = inject("baseUrl");
/** Text as React writes it into a page. */
const escapeHtml = (text: string) => text.replaceAll("'", "&#x27;");
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Every path of a public page (the route table and its aliases) and the sitemap. */
const pagePaths = [...publicPages.map((page) => page.path), ...Object.keys(pathAliases), "/sitemap.xml"];

/** The patterns wrangler.toml sends to the worker before the static asset layer ("!": not). */
function workerFirst(): string[] {
  const config = readFileSync("wrangler.toml", "utf8");
  const list = /^run_worker_first = \[([^\]]*)\]/m.exec(config)?.[1] ?? "";
  return [...list.matchAll(/"([^"]+)"/g)].map((match) => match[1] ?? "");
}

/** The headers every response carries from the shared list, by name (Cache-Control and ETag aside). */
const securityHeaderNames = [
  "Content-Security-Policy",
  "Strict-Transport-Security",
  "X-Content-Type-Options",
  "Referrer-Policy",
  "Permissions-Policy",
  "Cross-Origin-Opener-Policy",
  "Cross-Origin-Resource-Policy",
  "X-Frame-Options",
];
const securityHeadersOf = (response: Response) =>
  Object.fromEntries(securityHeaderNames.map((name) => [name, response.headers.get(name)]));

describe("which layer answers a path", () => {
  it("sends every path to the worker except the build's static files, each of which is listed", () => {
    const config = workerFirst();
    expect(config[0]).toBe("/*");
    const staticRoots = config.filter((path) => path.startsWith("!")).map((path) => path.slice(2));
    // Every file and folder the build writes at the root is a page (its folder or file, which
    // the worker renders), the not-found page, the headers file, or a static file the list keeps
    // away from the worker; a new static file left off the list would run the worker for nothing.
    const pageFiles = new Set([
      ...pagePaths.map((path) => (path === "/" ? "index.html" : path.slice(1))),
      "404.html",
      "admin",
      // The asset layer's own configuration, never served.
      "_headers",
      ".assetsignore",
    ]);
    const unlisted = readdirSync("dist/client", { withFileTypes: true })
      .map((entry) => (entry.isDirectory() ? `${entry.name}/*` : entry.name))
      .filter((name) => !staticRoots.includes(name) && !pageFiles.has(name.replace(/\/\*$/, "")));
    expect(unlisted).toEqual([]);
    // /flash is a page and a folder of flash artwork: the page goes to the worker, the art not.
    expect(staticRoots).toContain("flash/*");
    expect(staticRoots).toContain("assets/*");
  });

  it("answers every page and the sitemap from the worker, with the asset layer's bytes and security headers", async () => {
    // A static file the asset layer answers: its headers are the build's `_headers`.
    const staticFile = await fetch(`${baseUrl}/robots.txt`);
    await staticFile.body?.cancel();
    const builtHeaders = securityHeadersOf(staticFile);
    expect(builtHeaders["Content-Security-Policy"]).toContain("style-src 'self' 'sha256-");
    for (const path of pagePaths) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      // Only the worker gives a page this validator: the build, the content version, the path.
      expect(response.headers.get("ETag"), path).toMatch(
        new RegExp(`^"[^"]+-\\d+${path.replace(".", "\\.")}"$`),
      );
      const body = await response.text();
      // The build allows each page exactly the stylesheet it inlines, by hash (scripts/prerender.mjs).
      const styleSources = [...body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
        (match) =>
          `'sha256-${createHash("sha256")
            .update(match[1] ?? "")
            .digest("base64")}'`,
      );
      const expected = styleSources.length
        ? {
            ...builtHeaders,
            "Content-Security-Policy": (builtHeaders["Content-Security-Policy"] ?? "").replace(
              /style-src 'self'[^;]*/,
              `style-src 'self' ${styleSources.join(" ")}`,
            ),
          }
        : builtHeaders;
      expect(securityHeadersOf(response), path).toEqual(expected);
      if (path === "/sitemap.xml") {
        expect(response.headers.get("Content-Type"), path).toMatch(/xml/);
        // The same URLs as the build's file; lastmod is the live content's publish time instead.
        const locs = (xml: string) => xml.match(/<loc>[^<]*<\/loc>/g);
        expect(locs(body), path).toEqual(locs(readFileSync("dist/client/sitemap.xml", "utf8")));
      } else {
        const file = path === "/" ? "index.html" : `${path.slice(1)}/index.html`;
        // The build knows no configuration and words the deposit as paid in cash; this server
        // has Stripe, so its pages say the deposit is paid by card or in cash, and only that.
        const built = readFileSync(`dist/client/${file}`, "utf8").replaceAll(
          escapeHtml(depositPaymentSentence(cashOnly)),
          escapeHtml(depositPaymentSentence({ ...cashOnly, cardDeposits: true })),
        );
        // It also keeps cards on file, so the pages that state the policy (services and terms)
        // state it where the build, which keeps none, does not: once, and nothing else differs.
        const policy = escapeHtml(
          factsFrom({ ...contentFromModules(), payment: { cardDeposits: true, cardOnFile: true } })
            .cardOnFilePolicy ?? "no policy",
        );
        const statesPolicy = ["/services", "/terms-of-service"].includes(path);
        const withoutPolicy = body.replace(new RegExp(`<(li|p)>${escapeRegExp(policy)}</\\1>`), "");
        expect(withoutPolicy.length < body.length, path).toBe(statesPolicy);
        expect(withoutPolicy === built, path).toBe(true);
      }
    }
  });
});

/**
 * Pages the worker renders itself with the site's server render (the not-found page, for a path
 * the worker answers that holds no page), on the built worker under workerd.
 */
describe("pages rendered by the worker (HTTP)", () => {
  it("a path the worker answers with no page gets the built 404 page, byte for byte, with status 404", async () => {
    const built = readFileSync("dist/client/404.html");
    for (const attempt of ["rendered", "cached"]) {
      const response = await fetch(`${baseUrl}/forms/no-such-form`);
      expect(response.status, attempt).toBe(404);
      expect(Buffer.from(await response.arrayBuffer()).equals(built), attempt).toBe(true);
      expect(response.headers.get("Cache-Control"), attempt).toBe("public, max-age=0, must-revalidate");
      // The same policy as the pages the asset layer answers (the build's headers), which
      // allows each style this page inlines by its hash.
      const policy = response.headers.get("Content-Security-Policy") ?? "";
      const fromAssets = await fetch(`${baseUrl}/no-such-page`);
      await fromAssets.body?.cancel();
      expect(policy, attempt).toBe(fromAssets.headers.get("Content-Security-Policy"));
      for (const [, css] of built.toString().matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/g)) {
        const hash = createHash("sha256")
          .update(css ?? "")
          .digest("base64");
        expect(policy, attempt).toContain(`'sha256-${hash}'`);
      }
    }
  });
});
