import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { pageKvKey } from "../../worker/features/site-pages/keys";
import { servePage } from "../../worker/features/site-pages/pipeline";
import { rememberVersion } from "../../worker/features/site-pages/version-pointer";
import { location, pageStyleHash, publishNextVersion, resetContentAndPages } from "./page-pipeline-support";

beforeEach(resetContentAndPages);

type Location = ReturnType<typeof location>;

/** One page view at a location: what the visitor gets and how many D1 statements it cost. */
async function view(at: Location, path: string, headers: HeadersInit = {}) {
  const { pipeline, counter } = at.pipeline();
  const response = await servePage(new Request(`${at.origin}${path}`, { headers }), pipeline);
  const text = await response.text();
  await at.settle();
  return { response, text, queries: counter.queries };
}

describe("a public page served by the worker", () => {
  it("is rendered once, then served from the cache without reading a D1 row", async () => {
    const here = location();
    const first = await view(here, "/gallery");
    expect(first.response.status).toBe(200);
    expect(first.text).toContain("/gallery at version 1");
    expect(first.queries).toBe(1);
    expect(here.renderer.renders).toBe(1);

    for (let i = 0; i < 3; i++) {
      here.clock.now += 1_000;
      const again = await view(here, "/gallery");
      expect(again.text).toContain("/gallery at version 1");
      expect(again.queries).toBe(0);
    }
    expect(here.renderer.renders).toBe(1);
  });

  it("reaches a cold location through the KV copy, without rendering again", async () => {
    await view(location(), "/services");
    expect(await env.KV.get(pageKvKey("test-build", { version: 1, notice: false }, "/services"))).toContain(
      "/services at version 1",
    );

    const cold = location();
    const served = await view(cold, "/services");
    expect(served.text).toContain("/services at version 1");
    expect(cold.renderer.renders).toBe(0);
    // The copy is now in that location's cache too: the next view reads neither D1 nor KV.
    const again = await view(cold, "/services");
    expect(again.queries).toBe(0);
    expect(cold.renderer.renders).toBe(0);
  });

  it("shows a newly published version once the location's version is 5 s old, not before", async () => {
    const here = location();
    await view(here, "/");
    expect(await publishNextVersion()).toBe(2);

    here.clock.now += 4_999;
    const early = await view(here, "/");
    expect(early.text).toContain("/ at version 1");
    expect(early.queries).toBe(0);

    here.clock.now += 1;
    const late = await view(here, "/");
    expect(late.text).toContain("/ at version 2");
    // One integer read for the version; the page itself was rendered, not read from D1 here.
    expect(late.queries).toBe(1);
  });

  it("shows a version at once where it was published (publishing rewrites the pointer)", async () => {
    const here = location();
    await view(here, "/faq");
    const version = await publishNextVersion();
    await rememberVersion(
      { cache: caches.default, origin: here.origin, now: () => here.clock.now },
      { version, announcement: null },
    );
    const served = await view(here, "/faq");
    expect(served.text).toContain("/faq at version 2");
    expect(served.queries).toBe(0);
  });

  it("answers 304 to a browser holding the current page, and the new page after a publish", async () => {
    const here = location();
    const first = await view(here, "/gallery");
    const etag = first.response.headers.get("ETag");
    expect(etag).toMatch(/^"test-build-1\/gallery"$/);
    expect(first.response.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");

    const revalidated = await view(here, "/gallery", { "If-None-Match": `W/${etag}` });
    expect(revalidated.response.status).toBe(304);
    expect(revalidated.text).toBe("");
    expect(revalidated.response.headers.get("ETag")).toBe(etag);

    await publishNextVersion();
    here.clock.now += 5_000;
    const changed = await view(here, "/gallery", { "If-None-Match": etag ?? "" });
    expect(changed.response.status).toBe(200);
    expect(changed.text).toContain("/gallery at version 2");
    expect(changed.response.headers.get("ETag")).not.toBe(etag);
  });

  it("answers an unknown path with the rendered not-found page and status 404, kept once for all", async () => {
    const here = location();
    const missing = await view(here, "/no-such-page");
    expect(missing.response.status).toBe(404);
    expect(missing.text).toContain("Page not found");
    expect(missing.response.headers.get("ETag")).toBeNull();

    const other = await view(here, "/wp-login.php");
    expect(other.response.status).toBe(404);
    expect(here.renderer.renders).toBe(1);
    // Unknown paths do not each get a KV entry: only the one not-found page is kept.
    const kept = await env.KV.list({ prefix: "page:" });
    expect(kept.keys.map((key) => key.name).filter((name) => name.includes("wp-login"))).toEqual([]);
  });

  it("sends the security headers, with style-src allowing exactly the page's inline style", async () => {
    const here = location();
    for (const attempt of ["rendered", "cached"]) {
      const { response } = await view(here, "/services");
      const policy = response.headers.get("Content-Security-Policy") ?? "";
      expect(policy, attempt).toContain(`style-src 'self' ${pageStyleHash};`);
      expect(policy, attempt).toContain("script-src 'self';");
      expect(policy, attempt).toContain("frame-ancestors 'none'");
      expect(response.headers.get("X-Content-Type-Options"), attempt).toBe("nosniff");
      expect(response.headers.get("Content-Type"), attempt).toBe("text/html; charset=utf-8");
    }
  });
});
