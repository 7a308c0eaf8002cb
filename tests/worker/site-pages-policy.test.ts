import { beforeEach, describe, expect, it } from "vitest";
import { seedContent } from "./content-support";
import { prerenderedAssets } from "./site-pages-support";
import { send } from "./submission-support";

// A file of its own: the worker keeps each page's shell for the life of its isolate (one per
// test file), so the asset layer seen first is the one that counts.
beforeEach(seedContent);

describe("the policy of pages the worker renders", () => {
  it("sends the style-src of the build's headers when the asset layer gives one", async () => {
    const policy = "default-src 'self'; script-src 'self'; style-src 'self' 'sha256-AAAA' 'sha256-BBBB'";
    const withHeaders = {
      fetch: async (request: Request) => {
        const response = await prerenderedAssets.fetch(request);
        return new Response(response.body, {
          headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": policy },
        });
      },
    } as unknown as Fetcher;
    const response = await send("/forms/elsewhere", {}, { ASSETS: withHeaders });
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Security-Policy")).toContain(
      "style-src 'self' 'sha256-AAAA' 'sha256-BBBB';",
    );
  });
});
