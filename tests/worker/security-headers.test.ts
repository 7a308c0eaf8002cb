import { describe, expect, it } from "vitest";
import { renderHeadersFile, securityHeaders } from "../../shared/security-headers";
import { send } from "./submission-support";
import { call } from "./support";

describe("security headers", () => {
  it("sends every security header on API responses, errors included", async () => {
    for (const path of ["/api/health", "/api/nope"]) {
      const response = await call(path);
      for (const [name, value] of Object.entries(securityHeaders)) {
        expect(response.headers.get(name), `${name} on ${path}`).toBe(value);
      }
    }
  });

  it("has a CSP without inline or eval scripts that refuses framing, plugins and base changes", () => {
    const csp = securityHeaders["Content-Security-Policy"] ?? "";
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
  });

  it("asks for HSTS of at least a year with subdomains and allows geolocation only to the site", () => {
    const hsts = securityHeaders["Strict-Transport-Security"] ?? "";
    const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts).toContain("includeSubDomains");
    expect(securityHeaders["Permissions-Policy"]).toContain("geolocation=(self)");
    expect(securityHeaders["Cross-Origin-Opener-Policy"]).toBe("same-origin");
  });

  it("allows Turnstile's origin for scripts and frames only when Turnstile is configured", () => {
    const off = renderHeadersFile();
    const on = renderHeadersFile({ turnstile: true });
    expect(off).not.toContain("challenges.cloudflare.com");
    expect(on).toContain("script-src 'self' https://challenges.cloudflare.com;");
    expect(on).toContain("frame-src https://challenges.cloudflare.com;");
    expect(on).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(on).toContain("frame-ancestors 'none'");
  });

  it("writes the same headers into the static assets' _headers file", () => {
    const file = renderHeadersFile();
    for (const [name, value] of Object.entries(securityHeaders)) {
      expect(file).toContain(`  ${name}: ${value}\n`);
    }
  });

  it("caches only built files under /assets/ as immutable, never a path that does not exist", () => {
    const built = ["/assets/site-Ab12_x.js", "/assets/site-Cd34.css", "/assets/fonts/serif-9f.woff2"];
    const file = renderHeadersFile({ assetFiles: built });
    // Each rule's path as the static asset server matches it: "*" any text, ":name" one segment.
    const rules = file
      .split("\n\n")
      .map((block) => block.trim().split("\n"))
      .map(([path = "", ...headers]) => ({
        matches: new RegExp(
          `^${path
            .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
            .replace(/\*/g, ".*")
            .replace(/:\w+/g, "[^/]+")}$`,
        ),
        headers: headers.join("\n"),
      }));
    const immutableFor = (path: string) =>
      rules.some((rule) => rule.matches.test(path) && rule.headers.includes("immutable"));
    for (const path of built) expect(immutableFor(path), path).toBe(true);
    for (const path of [
      "/assets/nope.js",
      "/assets/site-Ab12_x.js.map",
      "/assets/",
      "/assets/fonts/x.woff2",
    ]) {
      expect(immutableFor(path), path).toBe(false);
    }
    expect(() => renderHeadersFile({ assetFiles: ["/assets/*"] })).toThrow();
  });

  it("takes the document-only headers off built files that can never be a document", () => {
    const file = renderHeadersFile({
      assetFiles: [
        "/assets/site-Ab12.js",
        "/assets/site-Cd34.css",
        "/assets/koi-480.webp",
        "/assets/map-9f.svg",
      ],
      pageScripts: ["/after-first-paint.js"],
    });
    const ruleOf = (path: string) =>
      file
        .split("\n\n")
        .find((block) => block.startsWith(`${path}\n`))
        ?.split("\n")
        .slice(1) ?? [];
    const detached = [
      "Content-Security-Policy",
      "Permissions-Policy",
      "Cross-Origin-Opener-Policy",
      "X-Frame-Options",
      "Referrer-Policy",
    ];
    for (const path of [
      "/assets/site-Ab12.js",
      "/assets/site-Cd34.css",
      "/assets/koi-480.webp",
      "/after-first-paint.js",
    ]) {
      expect(ruleOf(path), path).toEqual(expect.arrayContaining(detached.map((name) => `  ! ${name}`)));
      // What guards a loaded file stays: nothing detaches nosniff, CORP or HSTS.
      expect(ruleOf(path).join("\n"), path).not.toMatch(
        /! (X-Content-Type-Options|Cross-Origin-Resource-Policy|Strict-Transport-Security)/,
      );
    }
    // An SVG opened on its own is a document that can run script: it keeps every header.
    expect(ruleOf("/assets/map-9f.svg").join("\n")).not.toContain("!");
    expect(ruleOf("/after-first-paint.js")).not.toContain(
      "  Cache-Control: public, max-age=31536000, immutable",
    );
    expect(() => renderHeadersFile({ pageScripts: ["/sw.js/../x"] })).toThrow();
  });

  it("refuses to write more rules than the static asset server reads", () => {
    const files = (count: number) => Array.from({ length: count }, (_, i) => `/assets/chunk-${i}.js`);
    expect(() => renderHeadersFile({ assetFiles: files(98) })).not.toThrow();
    expect(() => renderHeadersFile({ assetFiles: files(99) })).toThrow(/at most 100/);
  });

  it("answers a missing file under /assets/ with a 404 that is not cached as immutable", async () => {
    // The asset layer as it answered before: the 404 page with the year-long header of /assets/*.
    const assets = {
      fetch: async () =>
        new Response("<h1>Page not found</h1>", {
          status: 404,
          headers: { "Content-Type": "text/html", "Cache-Control": "public, max-age=31536000, immutable" },
        }),
    } as unknown as Fetcher;
    const response = await send("/assets/nope.js", {}, { ASSETS: assets });
    expect(response.status).toBe(404);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    expect(await response.text()).toContain("Page not found");
  });
});
