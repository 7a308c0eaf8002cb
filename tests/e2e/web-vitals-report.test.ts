import { describe, expect, inject, it } from "vitest";
import { userAgentFamilyPattern } from "../../shared/user-agent-family";
import { skipConsentDialog } from "../support/consent";
import { metricsD1, sqlText } from "../support/d1";
import { openSession, tabSession } from "../support/privacy-session";
import { useBrowser } from "../support/use-browser";

/**
 * A web-vitals report as the page sends it while the visitor is still on it: every field a
 * report is meant to carry, only the browser's family for its user agent, and layout shift and
 * interaction latency within the first 30-second send, each stored once with its latest value.
 */
const baseUrl = inject("baseUrl");
const browser = useBrowser();

interface SentReport {
  metrics: Array<Record<string, unknown> & { name: string; metadata?: { entries: number } }>;
  session: Record<string, unknown> & { viewport?: { width: number; height: number } };
}

describe("web-vitals reports", () => {
  it("carry url, user agent family, viewport, connection and metadata, and CLS and INP within 30 s", async () => {
    const session = await openSession(browser(), { viewport: { width: 1280, height: 900 } });
    const { page, context } = session;
    await skipConsentDialog(context);
    // What the page hands to the beacon queue, as it leaves the page.
    await context.addInitScript(() => {
      const w = window as unknown as { __metrics: Promise<string>[] };
      w.__metrics = [];
      const send = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        if (String(url).endsWith("/api/metrics") && data instanceof Blob) w.__metrics.push(data.text());
        return send(url, data);
      };
    });
    await page.goto(`${baseUrl}/services`, {
      waitUntil: "networkidle",
      referer: "https://www.google.com/search?q=custom+tattoo+laurel",
    });
    const sid = await tabSession(page);
    // An interaction, so INP has a value; the page stays visible throughout.
    await page.locator("details summary").first().click();
    const names = () =>
      metricsD1<{ name: string }>(
        `SELECT name FROM web_vital_reports WHERE session_id = ${sqlText(sid)} AND path = '/services'`,
      ).map((row) => row.name);
    await expect
      .poll(names, { timeout: 45_000, interval: 250 })
      .toEqual(expect.arrayContaining(["CLS", "INP", "FCP", "TTFB"]));
    expect(await page.evaluate(() => document.visibilityState)).toBe("visible");

    const sent = (
      await page.evaluate(() =>
        Promise.all((window as unknown as { __metrics: Promise<string>[] }).__metrics),
      )
    ).map((text) => JSON.parse(text) as SentReport);
    const report = sent.find((body) => body.metrics.some((m) => m.name === "FCP"));
    expect(report).toBeDefined();
    const metric = report?.metrics.find((m) => m.name === "FCP");
    expect(metric).toMatchObject({
      url: `${baseUrl}/services`,
      rating: expect.any(String),
      id: expect.any(String),
      timestamp: expect.any(Number),
      delta: expect.any(Number),
      metadata: { navigationType: expect.any(String), entries: expect.any(Number) },
    });
    expect(report?.session).toMatchObject({
      id: sid,
      path: "/services",
      timestamp: expect.any(Number),
      viewport: { width: 1280, height: 900 },
    });
    expect(report?.session).toHaveProperty("connection");
    // Only the referring site's origin leaves the page, never what was searched there.
    expect(report?.session.referrer).toBe("https://www.google.com");
    const family = String(report?.session.userAgent);
    expect(family).toMatch(userAgentFamilyPattern);
    expect(family).toBe("Chrome on Linux (desktop)");
    const ua = await page.evaluate(() => navigator.userAgent);
    for (const body of sent) expect(JSON.stringify(body)).not.toContain(ua);

    const [row] = metricsD1<Record<string, unknown>>(
      `SELECT user_agent, viewport_width, viewport_height, entries, referrer_host FROM web_vital_reports
       WHERE session_id = ${sqlText(sid)} AND name = 'FCP'`,
    );
    expect(row).toMatchObject({
      user_agent: "Chrome on Linux (desktop)",
      viewport_width: 1280,
      viewport_height: 900,
      entries: 1,
      referrer_host: "www.google.com",
    });
    // One row per web-vital for the page view, however often CLS and INP were sent.
    const all = names();
    expect(all.length).toBe(new Set(all).size);
    await context.close();
  }, 90_000);
});
