import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { countingDb, seedContent } from "./content-support";
import { prerenderedAssets } from "./site-pages-support";
import { send } from "./submission-support";

/**
 * What a page costs the worker's database on its real path (the app, the page pipeline, the
 * site's server render, the real D1 and KV), counted on the binding. Render time is measured by
 * `npm run bench` on the production build: this pool runs React's development build.
 */
beforeAll(seedContent);

describe("the cost of a page at the edge", () => {
  it("an uncached page makes at most 10 D1 queries; the same page from the cache reads none", async () => {
    for (const path of ["/services", "/gallery", "/"]) {
      const uncached = countingDb(env.DB);
      const first = await send(path, {}, { ASSETS: prerenderedAssets, DB: uncached.db });
      expect(first.status, path).toBe(200);
      await first.text();
      expect(uncached.counter.queries, path).toBeLessThanOrEqual(10);
      // Within the 5 s the location trusts its version: no D1 statement at all.
      const cached = countingDb(env.DB);
      const again = await send(path, {}, { ASSETS: prerenderedAssets, DB: cached.db });
      expect(await again.text(), path).toContain("</html>");
      expect(cached.counter.queries, path).toBe(0);
    }
  });
});
