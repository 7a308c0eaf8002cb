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
      // Its policy allows exactly the styles this page inlines, each by its hash.
      const policy = response.headers.get("Content-Security-Policy") ?? "";
      const inlined = [...built.toString().matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/g)];
      expect(inlined.length, attempt).toBeGreaterThan(0);
      const hashes = /style-src 'self'([^;]*)/.exec(policy)?.[1]?.trim().split(" ") ?? [];
      expect(hashes.length, attempt).toBe(new Set(inlined.map((m) => m[1])).size);
    }
  });
});
