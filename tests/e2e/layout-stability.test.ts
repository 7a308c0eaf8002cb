import { describe, expect, inject, it } from "vitest";
import { publicPages } from "../../shared/routes";
import { forEachConcurrently } from "../support/concurrently";
import { skipConsentDialog } from "../support/consent";
import { useBrowser } from "../support/use-browser";

const baseUrl = inject("baseUrl");
const browser = useBrowser();

/**
 * Cumulative layout shift at most 0.02: nothing on a page moves once it is painted. A page's own
 * stylesheet arriving with its JavaScript chunk used to restyle the prerendered HTML (/flash
 * 0.19, /contact 0.03); every page now carries its styles in the first response.
 */
describe("layout stability", () => {
  it("no public page shifts its layout while it loads and hydrates, on a phone", async () => {
    const scores: Record<string, number> = {};
    await forEachConcurrently(publicPages, 3, async ({ path }) => {
      // A fresh context per page (nothing cached) and a mobile-like round trip, so late files
      // arrive after the first paint as they do on a phone.
      const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
      await skipConsentDialog(context);
      await context.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { __shifts: number[] }).__shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) {
            shifts.push(entry.value);
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 150,
        downloadThroughput: 10_000_000 / 8,
        uploadThroughput: 5_000_000 / 8,
      });
      await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
      // Shifts are reported for frames already painted: measure once the fonts are in and two
      // more frames have been drawn.
      await page.evaluate(async () => {
        await document.fonts.ready;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      });
      scores[path] = await page.evaluate(() =>
        (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0),
      );
      await context.close();
    });
    const shifting = Object.entries(scores).filter(([, score]) => score > 0.02);
    expect(shifting).toEqual([]);
  }, 120_000);
});
