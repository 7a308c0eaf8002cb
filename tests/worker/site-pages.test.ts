import { beforeEach, describe, expect, it, vi } from "vitest";
import { notFoundPage } from "../../shared/routes";
import { seedContent } from "./content-support";
import { d1Down } from "./outage-support";
import { prerenderedAssets as assets, builtStyleHash, prerendered } from "./site-pages-support";
import { send } from "./submission-support";

beforeEach(seedContent);

describe("pages the worker renders with the site's own server render", () => {
  it("answers a path with no page with the site's not-found page, status 404, rendered in the worker", async () => {
    const response = await send("/forms/no-such-form", {}, { ASSETS: assets });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain(`<h1>${notFoundPage.heading}</h1>`);
    // The very bytes the build writes for the not-found page.
    expect(html).toBe(await prerendered("/404"));
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    // style-src names the page's own inline style: the page was rendered here, not passed on.
    expect(response.headers.get("Content-Security-Policy")).toContain(`style-src 'self' ${builtStyleHash};`);
  });

  it("answers a page rendered before with that same page, not a 5xx, once D1 is gone", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const rendered = await send("/services", {}, { ASSETS: assets });
    expect(rendered.status).toBe(200);
    const page = await rendered.text();
    // Past the 5 s the location trusts its version, the next view must ask D1, which fails.
    vi.useFakeTimers({ now: Date.now() + 60_000, toFake: ["Date"] });
    try {
      for (let view = 0; view < 3; view++) {
        const response = await send("/services", {}, { ASSETS: assets, DB: d1Down });
        expect(response.status).toBe(200);
        expect(await response.text()).toBe(page);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it("still answers the not-found page with status 404 when D1 is gone", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = await send("/forms/gone", {}, { ASSETS: assets, DB: d1Down });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain(`<h1>${notFoundPage.heading}</h1>`);
  });
});
