import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { userAgentFamily } from "../../shared/user-agent-family";
import { call, postJson } from "./support";

/**
 * The fields of a web-vitals report as the worker keeps them (the browser's family, never its
 * full user agent; the referrer's host, never its path), the latest value winning, and the
 * public speed summary the reviews page's performance view reads.
 */

let lastHost = 0;
const address = () => `198.51.100.${++lastHost}`;

const post = (body: unknown, ip = address()) => postJson("/api/metrics", body, ip);

const chromeOnAndroid =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

const report = (id: string, patch: Record<string, unknown> = {}) => ({
  metrics: [
    {
      name: "CLS",
      value: 0.02,
      rating: "good",
      delta: 0.02,
      id: "v5-cls",
      url: "https://gildedneedletattoo.com/about",
      timestamp: Date.now(),
      metadata: { navigationType: "navigate", entries: 2 },
    },
  ],
  session: {
    id,
    path: "/about",
    timestamp: Date.now(),
    connection: { effectiveType: "4g", downlink: 9.5, rtt: 50 },
    userAgent: userAgentFamily(chromeOnAndroid),
    referrer: "https://www.google.com/search?q=tattoo+laurel+md",
    viewport: { width: 390, height: 844 },
    ...patch,
  },
});

describe("a web-vitals report", () => {
  it("names browser families, not user agents", () => {
    expect(userAgentFamily(chromeOnAndroid)).toBe("Chrome on Android (mobile)");
    expect(
      userAgentFamily(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari on iOS (mobile)");
    expect(
      userAgentFamily(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      ),
    ).toBe("Edge on Windows (desktop)");
    expect(
      userAgentFamily("Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:132.0) Gecko/20100101 Firefox/132.0"),
    ).toBe("Firefox on macOS (desktop)");
  });

  it("is stored with every field, the referrer reduced to its host", async () => {
    const id = crypto.randomUUID();
    const response = await post(report(id));
    expect(response.status).toBe(202);
    const row = await env.METRICS_DB.prepare(
      `SELECT name, value, path, navigation_type, connection, downlink, rtt, user_agent, viewport_width,
        viewport_height, referrer_host, entries FROM web_vital_reports WHERE session_id = ?`,
    )
      .bind(id)
      .first();
    expect(row).toEqual({
      name: "CLS",
      value: 0.02,
      path: "/about",
      navigation_type: "navigate",
      connection: "4g",
      downlink: 9.5,
      rtt: 50,
      user_agent: "Chrome on Android (mobile)",
      viewport_width: 390,
      viewport_height: 844,
      referrer_host: "www.google.com",
      entries: 2,
    });
  });

  it("refuses a full user-agent string", async () => {
    const response = await post(report(crypto.randomUUID(), { userAgent: chromeOnAndroid }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(body.error.fields)).toEqual(["session.userAgent"]);
  });

  it("keeps the latest CLS of a page view, sent again after the first 30 s", async () => {
    const id = crypto.randomUUID();
    const ip = address();
    await post(report(id), ip);
    const later = report(id);
    later.metrics[0] = { ...later.metrics[0], value: 0.31, rating: "poor", delta: 0.29 } as never;
    expect(await (await post(later, ip)).json()).toEqual({ stored: 1 });
    const { results } = await env.METRICS_DB.prepare(
      "SELECT name, value, rating FROM web_vital_reports WHERE session_id = ?",
    )
      .bind(id)
      .all();
    expect(results).toEqual([{ name: "CLS", value: 0.31, rating: "poor" }]);
  });

  it("still takes the older shape a cached page may send (connection as a string)", async () => {
    const id = crypto.randomUUID();
    const old = {
      metrics: [{ name: "LCP", value: 1200, rating: "good" }],
      session: { id, path: "/about", connection: "3g" },
    };
    expect((await post(old)).status).toBe(202);
  });
});

describe("GET /api/metrics/summary", () => {
  it("says nothing is measured yet, then gives the site's p75 per web-vital, live then cached", async () => {
    await env.KV.delete("site-speed:v1");
    await env.METRICS_DB.prepare("DELETE FROM web_vital_reports").run();
    const empty = await call("/api/metrics/summary", { headers: { "CF-Connecting-IP": address() } });
    expect(empty.status).toBe(200);
    expect(await empty.json()).toMatchObject({ source: "none", days: 28, vitals: [] });

    await env.KV.delete("site-speed:v1");
    const ip = address();
    for (const [i, value] of [800, 1200, 1600, 4000].entries()) {
      await post(
        {
          metrics: [{ name: "LCP", value, rating: "good" }],
          session: { id: `summary-${i}-${crypto.randomUUID()}`, path: i % 2 ? "/about" : "/gallery" },
        },
        ip,
      );
    }
    const live = await call("/api/metrics/summary", { headers: { "CF-Connecting-IP": address() } });
    // Nearest rank over all pages together: the 3rd of 4 values.
    expect(await live.json()).toMatchObject({
      source: "live",
      vitals: [{ name: "LCP", p75: 1600, samples: 4, rating: "good" }],
    });
    const cached = await call("/api/metrics/summary", { headers: { "CF-Connecting-IP": address() } });
    expect(await cached.json()).toMatchObject({ source: "cached", vitals: [{ name: "LCP", p75: 1600 }] });
  });
});
