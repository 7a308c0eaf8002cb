import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { normalCdf, twoProportionZTest } from "../../worker/features/dashboard/stats";
import { siteEvents, webVitalReports } from "../../worker/features/measurements/tables";
import { adminCall, signedInEachTest } from "./admin-support";
import { addConsultation, addContact } from "./inbox-support";

const metricsDb = () => drizzle(env.METRICS_DB);
const admin = signedInEachTest();

const get = (path: string, overrides: Partial<Env> = {}) =>
  adminCall(path, { headers: { Cookie: admin.cookie } }, overrides);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

describe("GET /api/admin/overview", () => {
  it("computes totals, pending items and the response rate by the dashboard's formulas, and 12 weekly buckets", async () => {
    // Inboxes as the dashboard finds them: statuses, and ages across the chart's 12 weeks and beyond.
    for (const [status, days] of [
      ["pending", 1],
      ["pending", 8],
      ["completed", 2],
      ["contacted", 200],
    ] as const)
      await addConsultation({ status, createdAt: daysAgo(days) });
    for (const [status, days] of [
      ["unread", 0],
      ["responded", 15],
      ["responded", 3],
      ["read", 1],
    ] as const)
      await addContact({ status, createdAt: daysAgo(days) });

    const response = await get("/api/admin/overview");
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      figures: Record<string, number | null>;
      weeks: { weekStart: string; consultations: number; contacts: number }[];
    };
    expect(body.figures).toEqual({
      totalConsultations: 4,
      totalContacts: 4,
      totalSubmissions: 8,
      pendingItems: 3, // 1 unread contact + 2 pending consultations
      responseRate: 38, // (2 responded + 1 completed) / 8 = 37.5% -> 38
    });
    expect(body.weeks).toHaveLength(12);
    const inChart = body.weeks.reduce((sum, w) => sum + w.consultations + w.contacts, 0);
    expect(inChart).toBe(7); // everything except the 200-day-old request
    expect(new Date(`${body.weeks[0]?.weekStart}T00:00:00Z`).getUTCDay()).toBe(1); // Mondays
  });
});

describe("GET /api/admin/seo/vitals", () => {
  it("reports the 75th percentile of each metric per page over the last 28 days", async () => {
    const rows = [100, 200, 300, 400, 500, 600, 700, 800].map((value) => ({
      name: "LCP" as const,
      value: value * 10,
      rating: "good" as const,
      path: "/gallery",
      sessionId: crypto.randomUUID(),
    }));
    await metricsDb()
      .insert(webVitalReports)
      .values([
        ...rows,
        {
          name: "LCP",
          value: 99_999,
          rating: "poor",
          path: "/gallery",
          sessionId: "old",
          createdAt: daysAgo(29),
        },
        { name: "CLS", value: 0.02, rating: "good", path: "/", sessionId: "s" },
      ]);
    const response = await get("/api/admin/seo/vitals");
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      days: number;
      pages: { path: string; metrics: Record<string, unknown> }[];
    };
    expect(body.days).toBe(28);
    const gallery = body.pages.find((p) => p.path === "/gallery");
    expect(gallery?.metrics.LCP).toEqual({ p75: 6000, samples: 8 }); // ceil(0.75 * 8) = 6th smallest
    expect(body.pages.find((p) => p.path === "/")?.metrics.CLS).toEqual({ p75: 0.02, samples: 1 });
  });
});

describe("GET /api/admin/experiments", () => {
  it("counts distinct exposed and converted sessions per variant with a two-proportion z-test", async () => {
    const events: (typeof siteEvents.$inferInsert)[] = [];
    const add = (variant: string, sessions: number, converted: number) => {
      for (let i = 0; i < sessions; i++) {
        const sessionId = `${variant}-${i}`;
        const base = { experiment: "homepage_cta_primary", variant, sessionId, path: "/" };
        events.push({ ...base, type: "ab_exposure" }, { ...base, type: "ab_exposure" });
        if (i < converted) events.push({ ...base, type: "ab_conversion" });
      }
    };
    add("control", 200, 20);
    add("gold-journey", 200, 40);
    for (let i = 0; i < events.length; i += 10)
      await metricsDb()
        .insert(siteEvents)
        .values(events.slice(i, i + 10));
    const response = await get("/api/admin/experiments");
    expect(response.status).toBe(200);
    const { experiments } = (await response.json()) as {
      experiments: { name: string; variants: Record<string, number | string | boolean | null>[] }[];
    };
    const experiment = experiments.find((e) => e.name === "homepage_cta_primary");
    expect(experiment?.variants[0]).toMatchObject({
      variant: "control",
      exposures: 200,
      conversions: 20,
      rate: 0.1,
      pValue: null,
    });
    const gold = experiment?.variants[1];
    expect(gold).toMatchObject({
      variant: "gold-journey",
      exposures: 200,
      conversions: 40,
      rate: 0.2,
      significant: true,
    });
    expect(Number(gold?.zScore)).toBeCloseTo(2.801, 2);
    expect(Number(gold?.pValue)).toBeCloseTo(0.0051, 3);
  });

  it("the statistics match textbook values", () => {
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 3);
    expect(normalCdf(-1.96)).toBeCloseTo(0.025, 3);
    expect(
      twoProportionZTest({ exposures: 0, conversions: 0 }, { exposures: 10, conversions: 1 }),
    ).toBeNull();
    expect(
      twoProportionZTest({ exposures: 10, conversions: 0 }, { exposures: 10, conversions: 0 }),
    ).toBeNull();
    const same = twoProportionZTest({ exposures: 100, conversions: 10 }, { exposures: 100, conversions: 10 });
    expect(same?.pValue).toBeCloseTo(1, 5);
  });
});
