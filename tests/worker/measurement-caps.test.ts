import { describe, expect, it } from "vitest";
import { measurementDailyCap } from "../../worker/features/measurements/caps";
import { fieldsOf, keptFor, storedBy } from "./measurement-support";
import { postJson as post } from "./support";

let lastHost = 0;
const address = () => `198.18.0.${++lastHost}`;

const vitals = (id: string, path: string, metrics: { name: string; value: number }[]) => ({
  session: { id, path },
  metrics: metrics.map((metric) => ({ ...metric, rating: "good" })),
});

describe("values a page can measure", () => {
  it.each([
    ["LCP", 60_000, 60_000.5],
    ["INP", 60_000, 60_001],
    ["FCP", 60_000, 60_001],
    ["TTFB", 60_000, 60_001],
    ["CLS", 10, 10.01],
  ])("takes %s up to %s and refuses %s with a 400 on the value", async (name, limit, past) => {
    const ip = address();
    const ok = await post(
      "/api/metrics",
      vitals(crypto.randomUUID(), "/about", [{ name, value: limit }]),
      ip,
    );
    expect(await storedBy(ok)).toBe(1);
    const refused = await post(
      "/api/metrics",
      vitals(crypto.randomUUID(), "/about", [{ name, value: past }]),
      ip,
    );
    expect(refused.status).toBe(400);
    expect(await fieldsOf(refused)).toEqual(["metrics.0.value"]);
  });

  it("refuses paths the site does not have, for metrics and events", async () => {
    const ip = address();
    const invented = await post(
      "/api/metrics",
      vitals(crypto.randomUUID(), "/wp-login.php", [{ name: "LCP", value: 1 }]),
      ip,
    );
    expect(invented.status).toBe(400);
    expect(await fieldsOf(invented)).toEqual(["session.path"]);
    const event = await post(
      "/api/events",
      { sessionId: crypto.randomUUID(), events: [{ type: "Scroll Depth", path: "/about/x1" }] },
      ip,
    );
    expect(event.status).toBe(400);
    expect(await fieldsOf(event)).toEqual(["events.0.path"]);
    const alias = await post(
      "/api/metrics",
      vitals(crypto.randomUUID(), "/home", [{ name: "LCP", value: 1 }]),
      ip,
    );
    expect(alias.status).toBe(202);
  });
});

describe("one page view", () => {
  it("keeps one row of each web-vital per page view, across requests, with its latest value", async () => {
    const ip = address();
    const id = crypto.randomUUID();
    const first = await post("/api/metrics", vitals(id, "/about", [{ name: "LCP", value: 900 }]), ip);
    expect(await first.json()).toEqual({ stored: 1 });
    const again = await post(
      "/api/metrics",
      vitals(id, "/about", [
        { name: "LCP", value: 60_000 },
        { name: "CLS", value: 0.1 },
        { name: "CLS", value: 0.2 },
      ]),
      ip,
    );
    // LCP's later value replaces the first; CLS is new, the last of the batch.
    expect(await storedBy(again)).toBe(2);
    expect(await keptFor(id, "web_vital_reports", "name, value")).toEqual([
      { name: "CLS", value: 0.2 },
      { name: "LCP", value: 60_000 },
    ]);
    // The same tab on another page is another page view.
    const next = await post("/api/metrics", vitals(id, "/gallery", [{ name: "LCP", value: 700 }]), ip);
    expect(await next.json()).toEqual({ stored: 1 });
  });

  it("keeps a conversion only after an exposure to the same variant in the session, once", async () => {
    const ip = address();
    const sessionId = crypto.randomUUID();
    const ab = (type: string, variant = "control") => ({
      type,
      experiment: "homepage_cta_primary",
      variant,
      path: "/",
    });
    const send = async (...events: unknown[]) =>
      (await (await post("/api/events", { sessionId, events }, ip)).json()) as { stored: number };
    expect(await send(ab("ab_conversion"))).toEqual({ stored: 0 });
    expect(await send(ab("ab_exposure", "gold-journey"), ab("ab_conversion"))).toEqual({ stored: 1 });
    expect(await send(ab("ab_exposure"), ab("ab_exposure"))).toEqual({ stored: 1 });
    expect(await send(ab("ab_conversion"), ab("ab_conversion"))).toEqual({ stored: 1 });
    expect(await send(ab("ab_conversion"))).toEqual({ stored: 0 });
    expect(await keptFor(sessionId, "site_events", "type, variant")).toEqual([
      { type: "ab_exposure", variant: "gold-journey" },
      { type: "ab_exposure", variant: "control" },
      { type: "ab_conversion", variant: "control" },
    ]);
  });
});

describe("one address in one day", () => {
  const fiveVitals = (path: string) =>
    vitals(
      crypto.randomUUID(),
      path,
      ["LCP", "CLS", "INP", "FCP", "TTFB"].map((name) => ({ name, value: 1 })),
    );

  it(`stores ${measurementDailyCap} rows, then answers 202 and stores nothing, for every address of its /64`, async () => {
    const sent = measurementDailyCap / 5;
    const answers = await Promise.all(
      Array.from({ length: sent }, (_, i) =>
        post("/api/metrics", fiveVitals("/flash"), `2001:db8:77:1::${(i + 1).toString(16)}`).then(
          async (r) => ((await r.json()) as { stored: number }).stored,
        ),
      ),
    );
    expect(answers.reduce((sum, stored) => sum + stored, 0)).toBe(measurementDailyCap);
    const past = await post("/api/metrics", fiveVitals("/flash"), "2001:db8:77:1:ffff::9");
    expect(await storedBy(past)).toBe(0);
    const log = await post("/api/logs", { level: "error", message: "one more" }, "2001:db8:77:1::abc");
    expect(await log.json()).toEqual({ stored: 0 });
    const neighbour = await post("/api/metrics", fiveVitals("/flash"), "2001:db8:77:2::1");
    expect(await neighbour.json()).toEqual({ stored: 5 });
  });
});
