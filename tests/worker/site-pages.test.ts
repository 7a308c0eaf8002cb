import { beforeEach, describe, expect, it, vi } from "vitest";
import { notFoundPage } from "../../shared/routes";
import { seedContent } from "./content-support";
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

  it("still answers the not-found page with status 404 when D1 is gone", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const d1Down = new Proxy({} as D1Database, {
      get: () => () => {
        throw new Error("D1_ERROR: Network connection lost.");
      },
    });
    const response = await send("/forms/gone", {}, { ASSETS: assets, DB: d1Down });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain(`<h1>${notFoundPage.heading}</h1>`);
  });
});
