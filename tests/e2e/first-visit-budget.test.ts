import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, inject, it } from "vitest";
import { dialog, openSession } from "../support/privacy-session";
import { useBrowser } from "../support/use-browser";

/**
 * What a first visit really loads, in Chromium: no consent stored, so the privacy dialog opens.
 * Home is the page most visitors land on from a phone: it must come in under 70 KiB of gzipped
 * JavaScript, which leaves no room for React; the dialog, the A/B call to action and the
 * measurements are plain scripts, and the consent-gated features stay unloaded.
 */
const baseUrl = inject("baseUrl");
const browser = useBrowser();

const gzipKiB = (files: string[]) =>
  files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(join("dist/client", file)), { level: 9 }).length,
    0,
  ) / 1024;

async function scriptsOfFirstVisit(path: string) {
  const session = await openSession(browser());
  const { page } = session;
  await page.goto(`${baseUrl}${path}`);
  await dialog(page).waitFor({ state: "visible" });
  await page.waitForLoadState("networkidle");
  const scripts = session.requests
    .filter((request) => request.resourceType() === "script")
    .map((request) => new URL(request.url()).pathname.replace(/^\//, ""));
  const problems = session.problems;
  await session.context.close();
  return { scripts: [...new Set(scripts)], problems };
}

describe("a first visit's JavaScript", () => {
  it("home loads at most 70 KiB gzipped and no React, with the privacy dialog working", async () => {
    const { scripts, problems } = await scriptsOfFirstVisit("/");
    expect(scripts.length).toBeGreaterThan(0);
    expect(
      scripts.filter((file) => /hydrate-island|react|personal-greeting|tattoo-ideas/.test(file)),
    ).toEqual([]);
    expect(gzipKiB(scripts)).toBeLessThanOrEqual(70);
    expect(problems).toEqual([]);
  });

  it("the not-found page loads no React either", async () => {
    const { scripts } = await scriptsOfFirstVisit("/no-such-page");
    expect(scripts.filter((file) => /hydrate-island|react/.test(file))).toEqual([]);
    expect(gzipKiB(scripts)).toBeLessThanOrEqual(70);
  });
});
