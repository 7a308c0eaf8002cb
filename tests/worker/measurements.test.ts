import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { messages } from "../../shared/schemas/fields";
import app from "../../worker/app";
import { fieldsOf, keptFor, storedBy } from "./measurement-support";
import { call, inOneLimiterWindow, postJson } from "./support";

let lastHost = 0;
const address = () => `192.0.2.${++lastHost}`;
const sessionId = () => crypto.randomUUID();

const post = (path: string, body: unknown, ip = address()) => postJson(path, body, ip);

describe("GET /api/metrics", () => {
  it("tells the admin test page what it accepts, and no data", async () => {
    const response = await call("/api/metrics", { headers: { "CF-Connecting-IP": address() } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "ok",
      accepts: ["LCP", "INP", "CLS", "FCP", "TTFB"],
      maxBatch: 10,
    });
  });

  it("answers 404 in the error shape for methods it does not serve", async () => {
    const response = await call("/api/metrics", {
      method: "DELETE",
      headers: { "CF-Connecting-IP": address() },
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("not_found");
  });
});

describe("POST /api/metrics", () => {
  const batch = (id: string) => ({
    metrics: [
      { name: "LCP", value: 1834.2, rating: "good", delta: 1834.2, id: "v5-1", navigationType: "navigate" },
      { name: "CLS", value: 0.12, rating: "needs-improvement", delta: 0.02, id: "v5-2" },
    ],
    session: { id, path: "/gallery", connection: "4g", timestamp: Date.now() },
  });

  it("stores each metric with the page path and session id, and no address", async () => {
    const id = sessionId();
    const response = await post("/api/metrics", batch(id), "203.0.113.77");
    expect(await storedBy(response)).toBe(2);
    expect(
      await keptFor(id, "web_vital_reports", "name, value, rating, path, navigation_type, connection"),
    ).toEqual([
      {
        name: "CLS",
        value: 0.12,
        rating: "needs-improvement",
        path: "/gallery",
        navigation_type: null,
        connection: "4g",
      },
      {
        name: "LCP",
        value: 1834.2,
        rating: "good",
        path: "/gallery",
        navigation_type: "navigate",
        connection: "4g",
      },
    ]);
    const dump = JSON.stringify(
      (await env.METRICS_DB.prepare("SELECT * FROM web_vital_reports WHERE session_id = ?").bind(id).all())
        .results,
    );
    expect(dump).not.toContain("203.0.113.77");
  });

  it.each([
    ["metrics", { metrics: [], session: { id: "abcdefgh12", path: "/" } }],
    [
      "metrics.0.name",
      { metrics: [{ name: "FID", value: 10, rating: "good" }], session: { id: "abcdefgh12", path: "/" } },
    ],
    [
      "metrics.0.value",
      { metrics: [{ name: "LCP", value: -5, rating: "good" }], session: { id: "abcdefgh12", path: "/" } },
    ],
    [
      "metrics.0.rating",
      { metrics: [{ name: "LCP", value: 5, rating: "great" }], session: { id: "abcdefgh12", path: "/" } },
    ],
    [
      "session.path",
      {
        metrics: [{ name: "LCP", value: 5, rating: "good" }],
        session: { id: "abcdefgh12", path: "/a?email=x" },
      },
    ],
    [
      "session.id",
      { metrics: [{ name: "LCP", value: 5, rating: "good" }], session: { id: "<script>", path: "/" } },
    ],
  ])("refuses bad %s with a 400 (case %#)", async (field, input) => {
    const response = await post("/api/metrics", input);
    expect(response.status).toBe(400);
    expect(await fieldsOf(response)).toContain(field);
  });

  it("refuses more than 10 metrics in one batch and bodies over 16 KB", async () => {
    const many = { ...batch(sessionId()), metrics: Array(11).fill(batch("x").metrics[0]) };
    expect((await post("/api/metrics", many)).status).toBe(400);
    const huge = await post("/api/metrics", { ...batch(sessionId()), padding: "x".repeat(17 * 1024) });
    expect(huge.status).toBe(413);
  });
});

describe("POST /api/events", () => {
  it("stores analytics and A/B events without an address", async () => {
    const id = sessionId();
    const response = await post("/api/events", {
      sessionId: id,
      events: [
        { type: "Scroll Depth", properties: { depth: 50, page: "/" }, path: "/" },
        { type: "ab_exposure", experiment: "homepage_cta_primary", variant: "gold-journey", path: "/" },
        { type: "ab_conversion", experiment: "homepage_cta_primary", variant: "gold-journey", path: "/" },
      ],
    });
    expect(await storedBy(response)).toBe(3);
    expect(await keptFor(id, "site_events", "type, experiment, variant, properties, path")).toEqual([
      {
        type: "Scroll Depth",
        experiment: null,
        variant: null,
        properties: '{"depth":50,"page":"/"}',
        path: "/",
      },
      {
        type: "ab_exposure",
        experiment: "homepage_cta_primary",
        variant: "gold-journey",
        properties: null,
        path: "/",
      },
      {
        type: "ab_conversion",
        experiment: "homepage_cta_primary",
        variant: "gold-journey",
        properties: null,
        path: "/",
      },
    ]);
  });

  it.each([
    ["events.0.type", { events: [{ type: "Purchase" }] }],
    ["events.0.experiment", { events: [{ type: "ab_exposure" }] }],
    ["events.0.properties.nested", { events: [{ type: "Scroll Depth", properties: { nested: { a: 1 } } }] }],
    [
      "events.0.properties",
      {
        events: [
          {
            type: "Scroll Depth",
            properties: Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`k${i}`, i])),
          },
        ],
      },
    ],
    ["events", { events: Array(21).fill({ type: "Scroll Depth" }) }],
  ])("refuses bad %s with a 400 (case %#)", async (field, input) => {
    const response = await post("/api/events", { sessionId: sessionId(), ...input });
    expect(response.status).toBe(400);
    expect(await fieldsOf(response)).toContain(field);
  });

  it("limits one address to 120 telemetry posts a minute", async () => {
    const body = {
      sessionId: sessionId(),
      events: [{ type: "Page Engagement", properties: { time_seconds: 12 } }],
    };
    const { statuses, limited, log } = await inOneLimiterWindow(address, async (ip) => ({
      statuses: await Promise.all(
        Array.from({ length: 120 }, () => post("/api/events", body, ip).then((r) => r.status)),
      ),
      limited: await post("/api/events", body, ip),
      // metrics and logs share the telemetry budget
      log: await post("/api/logs", { level: "error", message: "x" }, ip),
    }));
    expect(statuses.every((status) => status === 202)).toBe(true);
    expect(limited.status).toBe(429);
    expect(log.status).toBe(429);
  });
});

describe("POST /api/logs", () => {
  it("stores an entry with the page path only, dropping the user agent and query string", async () => {
    const id = sessionId();
    const response = await post("/api/logs", {
      level: "error",
      message: "TypeError: x is undefined",
      timestamp: "2026-11-21T10:00:00.000Z",
      url: "https://gildedneedletattoo.com/gallery?utm_source=mail#top",
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/150",
      sessionId: id,
      extras: { line: 12, source: "app.js" },
    });
    expect(response.status).toBe(202);
    const row = await env.METRICS_DB.prepare("SELECT * FROM client_logs WHERE session_id = ?")
      .bind(id)
      .first();
    expect(row).toMatchObject({
      level: "error",
      message: "TypeError: x is undefined",
      path: "/gallery",
      extras: '{"line":12,"source":"app.js"}',
      client_time: "2026-11-21T10:00:00.000Z",
    });
    expect(JSON.stringify(row)).not.toContain("Mozilla");
  });

  it("refuses a message that hides characters from the artist, keeps a multi-line one", async () => {
    const hidden = await post("/api/logs", { level: "error", message: "Paid \u202Eusd 001" });
    expect(hidden.status).toBe(400);
    const body = (await hidden.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.fields).toEqual({ message: messages.textHidden });
    const stack = await post("/api/logs", { level: "error", message: "TypeError: x\n\tat app.js:12" });
    expect(stack.status).toBe(202);
  });

  it("keeps only warn and above in production", async () => {
    const id = sessionId();
    const production = { ...env, ENVIRONMENT: "production" };
    const send = (level: string) =>
      app.request(
        "/api/logs",
        {
          method: "POST",
          headers: { "Content-Type": "application/json", "CF-Connecting-IP": address() },
          body: JSON.stringify({ level, message: `${level} line`, sessionId: id }),
        },
        production,
      );
    expect(await (await send("info")).json()).toEqual({ stored: 0 });
    expect(await (await send("warn")).json()).toEqual({ stored: 1 });
    const { results } = await env.METRICS_DB.prepare("SELECT level FROM client_logs WHERE session_id = ?")
      .bind(id)
      .all();
    expect(results).toEqual([{ level: "warn" }]);
  });

  it.each([
    ["level", { level: "fatal", message: "x" }],
    ["message", { level: "warn", message: "" }],
    ["message", { level: "warn", message: "x".repeat(1001) }],
    ["extras.blob", { level: "warn", message: "x", extras: { blob: "y".repeat(300) } }],
  ])("refuses bad %s with a 400 (case %#)", async (field, input) => {
    const response = await post("/api/logs", input);
    expect(response.status).toBe(400);
    expect(await fieldsOf(response)).toContain(field);
  });

  it("refuses bodies over 8 KB", async () => {
    const logged = vi.spyOn(console, "error");
    const response = await post("/api/logs", { level: "warn", message: "x", userAgent: "y".repeat(9000) });
    expect(response.status).toBe(413);
    expect(logged).not.toHaveBeenCalled();
  });
});
