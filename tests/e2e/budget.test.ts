import { get } from "node:http";
import { describe, expect, inject, it } from "vitest";
import { publicPages } from "../../shared/routes";
import { adminPage, signInHere, useAdminAccount } from "../support/admin-browser";
import { watchScripts } from "../support/script-budget";
import { useBrowser } from "../support/use-browser";

/**
 * The JavaScript budget, counted as Lighthouse counts it: every script the page loads while a
 * first-time visitor (no consent stored, who opens the privacy dialog) looks at it on a phone,
 * until the network has been quiet a while, as sent (compressed, with its response headers).
 * Home, the page most visitors land on, gets 70 KiB; every other page 90 KiB (React itself is
 * about 67 of them, loaded only where a page has an island to hydrate).
 */
const baseUrl = inject("baseUrl");
const browser = useBrowser();
const budgets: Record<string, number> = { "/": 70 };
const otherPages = 90;

async function firstVisit(path: string): Promise<{ scripts: string[]; kib: number; problems: string[] }> {
  const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const { scripts, sentKiB, problems } = watchScripts(page);
    await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
    // A first visitor opens the privacy dialog from the strip; what it loads counts too.
    await page.locator("html[data-started]").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Choose features" }).click();
    await expect.poll(() => page.locator("dialog[open]").count(), { timeout: 10_000 }).toBe(1);
    await page.waitForLoadState("networkidle");
    return { scripts: [...scripts], kib: await sentKiB(), problems };
  } finally {
    await context.close();
  }
}

describe("JavaScript budget (everything a first visit loads, as sent)", () => {
  for (const { path } of publicPages) {
    const budget = budgets[path] ?? otherPages;
    it(`${path} loads at most ${budget} KiB`, async () => {
      const { scripts, kib, problems } = await firstVisit(path);
      expect(scripts.length, "the page loads its entry script").toBeGreaterThan(0);
      expect(kib, scripts.join(" ")).toBeLessThanOrEqual(budget);
      expect(problems).toEqual([]);
    }, 60_000);
  }

  // Home and the not-found page have no island a first-time visitor can use: the privacy dialog,
  // the A/B call to action and the measurements are plain scripts, and the greeting and the idea
  // generator wait for consent, so React never loads.
  it("home and the not-found page load no React", async () => {
    for (const path of ["/", "/no-such-page"]) {
      const { scripts } = await firstVisit(path);
      expect(
        scripts.filter((file) => /hydrate-island|react|personal-greeting|tattoo-ideas/.test(file)),
        path,
      ).toEqual([]);
    }
  }, 60_000);
});

/**
 * The artist's phone: the sign-in page, and Today once she is in (its screen's code loads as it
 * opens), each at most 100 KiB of scripts as sent.
 */
describe("JavaScript budget of the admin on a phone", () => {
  const account = useAdminAccount("budget-admin@example.com", "budget-admin-password-1");

  it("sign-in loads at most 100 KiB, and Today after it at most 100 KiB", async () => {
    const { context, page, problems } = await adminPage(browser(), {
      width: 390,
      address: "2001:db8:b0d6::1",
    });
    try {
      let watched = watchScripts(page);
      await page.goto(`${baseUrl}/admin/login`, { waitUntil: "networkidle" });
      expect(await watched.sentKiB(), [...watched.scripts].join(" ")).toBeLessThanOrEqual(100);
      await signInHere(page, account);
      await page.waitForURL(`${baseUrl}/admin/today`);
      // Today opened as a page of its own, as from the home screen's icon.
      watched = watchScripts(page);
      await page.reload({ waitUntil: "networkidle" });
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await watched.sentKiB(), [...watched.scripts].join(" ")).toBeLessThanOrEqual(100);
      expect([...watched.scripts].some((script) => script.includes("/today-"))).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});

/**
 * A page's first response as it crosses the wire to Chrome: the status line, the headers and the
 * compressed body, in bytes (docs/decisions/041-first-response-in-one-round-trip.md).
 */
function bytesSent(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } }, (response) => {
      const { rawHeaders } = response;
      let size = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`.length + 2;
      for (let i = 0; i < rawHeaders.length; i += 2)
        size += `${rawHeaders[i]}: ${rawHeaders[i + 1]}\r\n`.length;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
      });
      response.on("end", () => resolve(size));
      response.on("error", reject);
    }).on("error", reject);
  });
}

describe("a page's first response fits one round trip of a new connection", () => {
  // Ten packets of 1,460 bytes: the most a new connection sends before the browser answers.
  const initialWindow = 10 * 1460;
  it(`every public page is at most ${initialWindow} bytes as sent, headers included`, async () => {
    const sizes: Record<string, number> = {};
    for (const { path } of publicPages) sizes[path] = await bytesSent(`${baseUrl}${path}`);
    const over = Object.entries(sizes).filter(([, size]) => size > initialWindow);
    expect(over, JSON.stringify(sizes)).toEqual([]);
  });
});
