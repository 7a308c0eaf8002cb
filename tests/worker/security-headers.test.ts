import { describe, expect, it } from "vitest";
import { renderHeadersFile, securityHeaders } from "../../shared/security-headers";
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
});
