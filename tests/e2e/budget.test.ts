import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

/**
 * Every script the built page loads: its module entry and its modulepreload links, or, on a page
 * that starts its scripts after the first paint, the entry and chunks its loader names.
 */
function scriptsOf(htmlFile: string): string[] {
  const html = readFileSync(join("dist/client", htmlFile), "utf8");
  const inHead = [
    ...html.matchAll(/<(?:script[^>]*src|link rel="modulepreload"[^>]*href)="\/(assets\/[^"]+\.js)"/g),
  ].map((m) => m[1] ?? "");
  const afterPaint = [...html.matchAll(/data-(?:entry|chunks)="([^"]*)"/g)].flatMap((m) =>
    (m[1] ?? "").split(" ").map((path) => path.replace(/^\//, "")),
  );
  return [...inHead, ...afterPaint].filter(Boolean);
}

const gzipKiB = (files: string[]) =>
  files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(join("dist/client", file)), { level: 9 }).length,
    0,
  ) / 1024;

/** The home page ships at most 90 KB of gzipped JavaScript: what a phone on a slow network can afford. */
describe("JavaScript budget", () => {
  it("home loads at most 90 KiB of gzipped JavaScript", () => {
    const scripts = scriptsOf("index.html");
    expect(scripts.length).toBeGreaterThan(0);
    expect(gzipKiB(scripts)).toBeLessThanOrEqual(90);
  });

  // Other pages carry the shared site chunk (about 90 KiB, held by the home budget above) plus
  // their own: the gallery's is the largest (the 46-piece list, the lightbox, image preloading).
  it("every other page preloads its own chunk and stays within 105 KiB", () => {
    for (const page of ["about", "gallery", "flash", "services", "reviews", "privacy-policy"]) {
      const scripts = scriptsOf(`${page}/index.html`);
      expect(
        scripts.some((file) => file.startsWith(`assets/${page}-`)),
        page,
      ).toBe(true);
      expect(gzipKiB(scripts), page).toBeLessThanOrEqual(105);
    }
  });
});
