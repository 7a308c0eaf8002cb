import { beforeEach, describe, expect, it } from "vitest";
import { notFoundPage, publicPages } from "../../shared/routes";
import { seedContent } from "./content-support";
import { prerenderedAssets as assets } from "./site-pages-support";
import { send } from "./submission-support";

beforeEach(seedContent);

describe("the public pages, each a route of its own", () => {
  it("answers every page of the route table, the /home alias and the sitemap", async () => {
    for (const path of [...publicPages.map((page) => page.path), "/home", "/sitemap.xml"]) {
      const response = await send(path, {}, { ASSETS: assets });
      expect(response.status, path).toBe(200);
      await response.body?.cancel();
    }
  });

  it("answers HEAD with a GET's status and headers and no body", async () => {
    const get = await send("/about", {}, { ASSETS: assets });
    const head = await send("/about", { method: "HEAD" }, { ASSETS: assets });
    expect(head.status).toBe(200);
    for (const name of ["ETag", "Content-Type", "Cache-Control", "Content-Security-Policy"])
      expect(head.headers.get(name), name).toBe(get.headers.get(name));
    expect(await head.text()).toBe("");
    expect((await get.text()).length).toBeGreaterThan(0);
  });

  it("answers a path near a page's, or another method on it, with the not-found page", async () => {
    for (const [path, method] of [
      ["/about/", "GET"],
      ["/About", "GET"],
      ["/about", "POST"],
    ] as const) {
      const response = await send(path, { method }, { ASSETS: assets });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.text()).toContain(`<h1>${notFoundPage.heading}</h1>`);
    }
  });
});
