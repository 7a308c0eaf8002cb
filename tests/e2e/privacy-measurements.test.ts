import { describe, expect, inject, it } from "vitest";
import { skipConsentDialog } from "../support/consent";
import { metricsD1, sqlText } from "../support/d1";
import { gotoReady } from "../support/islands";
import { openSession, tabSession } from "../support/privacy-session";
import { useBrowser } from "../support/use-browser";

/**
 * The site's own measurements in a real Chromium: the A/B variant, web-vitals by beacon, the
 * offline copy of /aftercare and client error logs, each checked where it lands in D1.
 */
const baseUrl = inject("baseUrl");
const browser = useBrowser();

describe("the site's own measurements", () => {
  it("assigns the home CTA variant for 14 days and sends the exposure and conversion", async () => {
    const session = await openSession(browser());
    const { page } = session;
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    // The page's script has taken over: the test's words are swapped in.
    await page.locator("html[data-started]").waitFor({ state: "attached" });
    const stored = await page.evaluate(() =>
      JSON.parse(localStorage.getItem("gn:ab:homepage_cta_primary") ?? "null"),
    );
    expect(["control", "gold-journey"]).toContain(stored.variant);
    expect(stored.testName).toBe("homepage_cta_primary");
    expect(await page.locator(".home-cta").getAttribute("data-variant")).toBe(stored.variant);
    await page.locator(".home-cta a").click();
    await page.waitForURL(`${baseUrl}/book-consultation`);
    const sid = await tabSession(page);
    await expect
      .poll(
        () =>
          metricsD1<{ type: string; experiment: string; variant: string }>(
            `SELECT type, experiment, variant FROM site_events WHERE session_id = ${sqlText(sid)} AND type LIKE 'ab_%' ORDER BY type`,
          ),
        { timeout: 40_000, interval: 200 },
      )
      .toEqual([
        { type: "ab_conversion", experiment: "homepage_cta_primary", variant: stored.variant },
        { type: "ab_exposure", experiment: "homepage_cta_primary", variant: stored.variant },
      ]);
    const conversions = await page.evaluate(() =>
      JSON.parse(localStorage.getItem("gn:ab-conversions") ?? "[]"),
    );
    expect(conversions).toHaveLength(1);
    // The same variant on the next visit.
    await gotoReady(page, `${baseUrl}/`);
    expect(await page.locator(".home-cta").getAttribute("data-variant")).toBe(stored.variant);
    await session.context.close();
  }, 90_000);

  it("shows the control when storage refuses writes", async () => {
    const session = await openSession(browser());
    await session.context.addInitScript(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException("quota", "QuotaExceededError");
      };
    });
    const { page } = session;
    await gotoReady(page, `${baseUrl}/`);
    expect(await page.locator(".home-cta").getAttribute("data-variant")).toBe("control");
    await session.context.close();
  });

  it("sends web-vitals by beacon when the page hides, registers /sw.js and keeps /aftercare readable offline", async () => {
    const session = await openSession(browser());
    const { page, context } = session;
    await skipConsentDialog(context);
    // What the page hands to the browser's beacon queue, kept in the tab's session storage so it
    // can be read on the next page: a beacon sent while a page unloads may still be dropped by
    // the browser on a busy machine, so that the page sent it is checked here, and that the
    // worker stores what arrives is checked with the next page's own report.
    await context.addInitScript(() => {
      // A blob's text cannot be read synchronously, and an unloading page runs no later task:
      // the JSON of each blob is kept as it is made.
      const texts = new WeakMap<Blob, string>();
      const NativeBlob = window.Blob;
      window.Blob = class extends NativeBlob {
        constructor(parts?: BlobPart[], options?: BlobPropertyBag) {
          super(parts, options);
          if (typeof parts?.[0] === "string") texts.set(this, parts.join(""));
        }
      };
      // Registered before the page's own listeners, so it is set before they send.
      let leaving = false;
      addEventListener("pagehide", () => {
        leaving = true;
      });
      const send = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        const queued = send(url, data);
        const text = data instanceof NativeBlob ? texts.get(data) : undefined;
        if (leaving && String(url) === "/api/metrics" && text) {
          const { metrics, session } = JSON.parse(text) as {
            metrics: { name: string }[];
            session: { path: string };
          };
          const sent = JSON.parse(sessionStorage.getItem("test:beacons") ?? "[]") as string[];
          for (const metric of metrics) sent.push(`${session.path} ${metric.name}`);
          sessionStorage.setItem("test:beacons", JSON.stringify(sent));
        }
        return queued;
      };
    });
    await page.goto(`${baseUrl}/aftercare`, { waitUntil: "networkidle" });
    const registration = await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      return ready.active?.scriptURL ?? null;
    });
    expect(registration).toBe(`${baseUrl}/sw.js`);
    // Leaving the page hides it: the queued metrics (at least TTFB and FCP) go out by beacon.
    const sid = await page.evaluate(() => sessionStorage.getItem("gn:sid"));
    expect(sid).toBeTruthy();
    await page.goto(`${baseUrl}/gallery`, { waitUntil: "networkidle" });
    const beacons = await page.evaluate(() => JSON.parse(sessionStorage.getItem("test:beacons") ?? "[]"));
    expect(
      beacons
        .filter((line: string) => line.startsWith("/aftercare "))
        .map((line: string) => line.split(" ")[1]),
    ).toEqual(expect.arrayContaining(["TTFB", "FCP"]));
    // The next page's report reaches the database, with the visitor's session.
    await expect
      .poll(
        () =>
          metricsD1<{ name: string; path: string }>(
            `SELECT name, path FROM web_vital_reports WHERE session_id = ${sqlText(JSON.parse(sid ?? "null"))}`,
          ).map((r) => `${r.path} ${r.name}`),
        { timeout: 40_000, interval: 200 },
      )
      .toEqual(expect.arrayContaining(["/gallery TTFB", "/gallery FCP"]));

    // The service worker cached the guide at install: it still reads offline.
    await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      for (let i = 0; i < 50; i++) {
        const cache = await caches.open("gn-offline-v1");
        if (await cache.match("/aftercare")) return ready;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return ready;
    });
    await context.setOffline(true);
    await page.goto(`${baseUrl}/aftercare`);
    expect(await page.locator("h1").textContent()).toBe("Aftercare guide");
    await context.setOffline(false);
    await context.close();
  }, 90_000);

  it("logs an uncaught script error to POST /api/logs without the query string", async () => {
    const session = await openSession(browser());
    const { page } = session;
    await page.goto(`${baseUrl}/contact?utm_source=test`, { waitUntil: "networkidle" });
    const marker = `e2e-boom-${Date.now()}`;
    await page.evaluate((message) => {
      setTimeout(() => {
        throw new Error(message);
      });
    }, marker);
    await expect
      .poll(
        () =>
          metricsD1<{ level: string; path: string; message: string }>(
            `SELECT level, path, message FROM client_logs WHERE message LIKE ${sqlText(`%${marker}%`)}`,
          ),
        { timeout: 40_000, interval: 200 },
      )
      .toEqual([{ level: "error", path: "/contact", message: `Uncaught Error: ${marker}` }]);
    await session.context.close();
  }, 90_000);
});
