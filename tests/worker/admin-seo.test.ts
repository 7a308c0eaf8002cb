import { Hono } from "hono";
import { exportPKCS8, exportSPKI, generateKeyPair, importSPKI, jwtVerify } from "jose";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seoMessages } from "../../shared/admin";
import { fetchPageSpeed, fetchSearchAnalytics } from "../../worker/features/dashboard/google-apis";
import { googleFetch } from "../../worker/features/dashboard/seo-sources";
import { adminCall, quietLogs, signedInAdmin } from "./admin-support";

let cookie: string;
let logs: ReturnType<typeof quietLogs>;
const realFetch = googleFetch.current;

beforeEach(async () => {
  logs = quietLogs();
  cookie = (await signedInAdmin()).cookie;
});
afterEach(() => {
  googleFetch.current = realFetch;
});

const get = (path: string, overrides: Partial<Env> = {}) =>
  adminCall(path, { headers: { Cookie: cookie } }, overrides);

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
  it("say what is missing and who can switch it on, in the artist's words, when the Google secrets are not configured", async () => {
    for (const path of ["/api/admin/seo/pagespeed", "/api/admin/seo/search-console"]) {
      const response = await get(path, { PAGESPEED_API_KEY: "", GSC_SERVICE_ACCOUNT_JSON: "" });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { status: string; reason: string };
      expect(body.status).toBe("not_configured");
      // One sentence, no setting names: the artist cannot act on PAGESPEED_API_KEY.
      expect(body.reason).toMatch(/not switched on yet; whoever looks after the website can connect/);
      expect(body.reason).not.toMatch(/[A-Z]{2,}_[A-Z_]+|secret/);
      expect(body.reason.split(/[.!?](\s|$)/).filter((part) => part.trim()).length).toBe(1);
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
