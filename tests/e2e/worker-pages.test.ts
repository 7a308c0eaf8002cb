import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");

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
