import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { Hono } from "hono";
import { exportPKCS8, exportSPKI, generateKeyPair, importSPKI, jwtVerify } from "jose";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seoMessages } from "../../shared/admin";
import {
  consultationRequests,
  contactSubmissions,
  siteEvents,
  webVitalReports,
} from "../../worker/db/schema";
import { fetchPageSpeed, fetchSearchAnalytics } from "../../worker/services/google-apis";
import { googleFetch } from "../../worker/services/seo-sources";
import { normalCdf, twoProportionZTest } from "../../worker/services/stats";
import { adminCall, createAdmin, quietLogs, signIn } from "./admin-support";

const db = () => drizzle(env.DB);
let cookie: string;
let logs: ReturnType<typeof quietLogs>;
const realFetch = googleFetch.current;

beforeEach(async () => {
  logs = quietLogs();
  cookie = await signIn(await createAdmin());
});
afterEach(() => {
  googleFetch.current = realFetch;
});

const get = (path: string, overrides: Partial<Env> = {}) =>
  adminCall(path, { headers: { Cookie: cookie } }, overrides);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

describe("GET /api/admin/overview", () => {
  it("computes totals, pending items and the response rate by the dashboard's formulas, and 12 weekly buckets", async () => {
    const c = (status: "pending" | "completed" | "contacted", createdAt: string) => ({
      id: crypto.randomUUID(),
      name: "N",
      email: "n@example.test",
      phone: "1",
      tattooIdea: "idea",
      status,
      createdAt,
    });
    await db()
      .insert(consultationRequests)
      .values([
        c("pending", daysAgo(1)),
        c("pending", daysAgo(8)),
        c("completed", daysAgo(2)),
        c("contacted", daysAgo(200)),
      ]);
    const m = (status: "unread" | "responded" | "read", createdAt: string) => ({
      id: crypto.randomUUID(),
      name: "M",
      email: "m@example.test",
      message: "hi",
      status,
      createdAt,
    });
    await db()
      .insert(contactSubmissions)
      .values([
        m("unread", daysAgo(0)),
        m("responded", daysAgo(15)),
        m("responded", daysAgo(3)),
        m("read", daysAgo(1)),
      ]);

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
    await db()
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
      await db()
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

/** A local stand-in for Google: checks the API key, the service-account assertion and the token. */
let fakeGoogle: Hono;
let privateKeyPem: string;
beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  privateKeyPem = await exportPKCS8(privateKey);
  const publicPem = await exportSPKI(publicKey);
  fakeGoogle = new Hono()
    .get("/pagespeedonline/v5/runPagespeed", (c) => {
      if (c.req.query("key") !== "psi-key") return c.json({ error: "bad key" }, 403);
      if (c.req.queries("category")?.length !== 4) return c.json({ error: "categories" }, 400);
      return c.json({
        lighthouseResult: {
          categories: {
            performance: { score: 0.87 },
            accessibility: { score: 0.96 },
            "best-practices": { score: 1 },
            seo: { score: 0.92 },
          },
          audits: {
            "first-contentful-paint": { numericValue: 1210 },
            "largest-contentful-paint": { numericValue: 2340 },
            "cumulative-layout-shift": { numericValue: 0.03 },
            "speed-index": { numericValue: 2800 },
          },
        },
      });
    })
    .post("/token", async (c) => {
      const form = await c.req.parseBody();
      const { payload } = await jwtVerify(String(form.assertion), await importSPKI(publicPem, "RS256"), {
        algorithms: ["RS256"],
        issuer: "reader@studio-project.iam.gserviceaccount.com",
        audience: "https://oauth2.googleapis.com/token",
      });
      if (payload.scope !== "https://www.googleapis.com/auth/webmasters.readonly") return c.json({}, 400);
      return c.json({ access_token: "fake-access-token", expires_in: 3600 });
    })
    .post("/webmasters/v3/sites/:site/searchAnalytics/query", async (c) => {
      if (c.req.header("Authorization") !== "Bearer fake-access-token") return c.json({}, 401);
      if (c.req.param("site") !== "sc-domain:studio.test") return c.json({}, 404);
      const body = (await c.req.json()) as { dimensions?: string[] };
      if (!body.dimensions)
        return c.json({ rows: [{ clicks: 120, impressions: 4000, ctr: 0.03, position: 14.2 }] });
      return c.json({
        rows: [
          { keys: ["tattoo laurel md"], clicks: 40, impressions: 900, ctr: 0.044, position: 3.1 },
          { keys: ["fine line tattoo"], clicks: 5, impressions: 700, ctr: 0.007, position: 18.5 },
        ],
      });
    });
});
const fakeFetch = (input: string, init?: RequestInit) => {
  const url = new URL(input);
  const path =
    url.hostname === "oauth2.googleapis.com" ? `/token${url.search}` : `${url.pathname}${url.search}`;
  return Promise.resolve(fakeGoogle.request(path, init));
};

describe("Google clients against a local fake", () => {
  it("PageSpeed Insights: scores as percentages and the four lab metrics", async () => {
    const result = await fetchPageSpeed({
      apiKey: "psi-key",
      url: "https://studio.test/",
      fetcher: fakeFetch,
    });
    expect(result).toEqual({
      performance: 87,
      accessibility: 96,
      bestPractices: 100,
      seo: 92,
      metrics: {
        firstContentfulPaint: 1210,
        largestContentfulPaint: 2340,
        cumulativeLayoutShift: 0.03,
        speedIndex: 2800,
      },
    });
    await expect(
      fetchPageSpeed({ apiKey: "wrong", url: "https://studio.test/", fetcher: fakeFetch }),
    ).rejects.toThrow(/403/);
  });

  it("Search Console: signs the service-account assertion with jose and reads totals and keywords", async () => {
    const result = await fetchSearchAnalytics({
      account: { client_email: "reader@studio-project.iam.gserviceaccount.com", private_key: privateKeyPem },
      property: "sc-domain:studio.test",
      fetcher: fakeFetch,
    });
    expect(result).toMatchObject({
      totalClicks: 120,
      totalImpressions: 4000,
      averageCTR: 0.03,
      averagePosition: 14.2,
    });
    expect(result.topKeywords).toEqual([
      { keyword: "tattoo laurel md", clicks: 40, impressions: 900, ctr: 0.044, position: 3.1 },
      { keyword: "fine line tattoo", clicks: 5, impressions: 700, ctr: 0.007, position: 18.5 },
    ]);
  });
});

describe("SEO routes", () => {
  it("say N/A and why when the Google secrets are not configured", async () => {
    for (const path of ["/api/admin/seo/pagespeed", "/api/admin/seo/search-console"]) {
      const response = await get(path, { PAGESPEED_API_KEY: "", GSC_SERVICE_ACCOUNT_JSON: "" });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { status: string; reason: string };
      expect(body.status).toBe("not_configured");
      expect(body.reason).toMatch(/secret/);
    }
  });

  it("fetch PageSpeed live through the worker, then serve it from the cache", async () => {
    googleFetch.current = fakeFetch;
    const overrides = { PAGESPEED_API_KEY: "psi-key", SITE_URL: "https://cache-test.studio.test" };
    const live = (await (await get("/api/admin/seo/pagespeed", overrides)).json()) as {
      status: string;
      data: unknown;
    };
    expect(live.status).toBe("live");
    expect(live.data).toMatchObject({ performance: 87 });
    googleFetch.current = () => Promise.reject(new Error("must not be called"));
    const cached = (await (await get("/api/admin/seo/pagespeed", overrides)).json()) as {
      status: string;
      data: unknown;
    };
    expect(cached).toMatchObject({ status: "cached", data: { performance: 87 } });
  });

  it("fetch Search Console live through the worker", async () => {
    googleFetch.current = fakeFetch;
    const response = await get("/api/admin/seo/search-console", {
      GSC_SERVICE_ACCOUNT_JSON: JSON.stringify({
        client_email: "reader@studio-project.iam.gserviceaccount.com",
        private_key: privateKeyPem,
      }),
      GSC_PROPERTY: "sc-domain:studio.test",
    });
    const body = (await response.json()) as { status: string; data: { totalClicks: number } };
    expect(body.status).toBe("live");
    expect(body.data.totalClicks).toBe(120);
  });

  it("show the fixed failure texts when Google fails, and log why", async () => {
    googleFetch.current = () => Promise.resolve(new Response("boom", { status: 500 }));
    const psi = (await (
      await get("/api/admin/seo/pagespeed", {
        PAGESPEED_API_KEY: "psi-key",
        SITE_URL: "https://fail.studio.test",
      })
    ).json()) as { status: string; message: string };
    expect(psi).toEqual({ status: "error", message: seoMessages.pageSpeed });
    const gsc = (await (
      await get("/api/admin/seo/search-console", {
        GSC_SERVICE_ACCOUNT_JSON: JSON.stringify({ client_email: "x@y.test", private_key: privateKeyPem }),
        GSC_PROPERTY: "sc-domain:fail.test",
      })
    ).json()) as { status: string; message: string };
    expect(gsc).toEqual({ status: "error", message: seoMessages.searchConsole });
    expect(logs.warn).toHaveBeenCalledWith(expect.stringContaining("PageSpeed Insights failed"));
    expect(logs.warn).toHaveBeenCalledWith(expect.stringContaining("Search Console failed"));
  });
});
