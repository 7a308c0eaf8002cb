import { drizzle } from "drizzle-orm/d1";
import { Hono } from "hono";
import { overviewFigures, seoMessages, vitalNames } from "../../../shared/admin";
import { inboxCounts, submissionsPerDay } from "../../db/queries/admin-inbox";
import { experimentCounts, vitalsP75 } from "../../db/queries/admin-metrics";
import { log } from "../../lib/log";
import type { AdminEnv } from "../../middleware/auth";
import {
  type Fetcher,
  fetchPageSpeed,
  fetchSearchAnalytics,
  parseServiceAccount,
} from "../../services/google-apis";
import { twoProportionZTest } from "../../services/stats";

const DAY_MS = 86_400_000;
const GOOGLE_CACHE_TTL_S = 6 * 60 * 60;

/** Monday 00:00 UTC of the week containing a moment. */
function weekStart(ms: number): Date {
  const d = new Date(ms);
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d;
}

/** For tests: the fetch the Google clients use (a local fake there, the real fetch here). */
export const googleFetch: { current: Fetcher } = { current: (input, init) => fetch(input, init) };

type GoogleResult<T> =
  | { status: "live" | "cached"; fetchedAt: string; data: T }
  | { status: "not_configured"; reason: string }
  | { status: "error"; message: string };

async function cachedGoogle<T>(
  kv: KVNamespace,
  cacheKey: string,
  load: () => Promise<T>,
): Promise<{ status: "live" | "cached"; fetchedAt: string; data: T }> {
  const cached = await kv.get<{ fetchedAt: string; data: T }>(cacheKey, "json");
  if (cached) return { status: "cached", ...cached };
  const entry = { fetchedAt: new Date().toISOString(), data: await load() };
  await kv.put(cacheKey, JSON.stringify(entry), { expirationTtl: GOOGLE_CACHE_TTL_S });
  return { status: "live", ...entry };
}

/** /api/admin/overview, /seo/*, /experiments: every figure from stored data or a live source. */
export const adminDashboard = new Hono<AdminEnv>()
  .get("/overview", async (c) => {
    const db = drizzle(c.env.DB);
    const now = Date.now();
    const firstWeek = new Date(weekStart(now).getTime() - 11 * 7 * DAY_MS);
    const [counts, perDay] = await Promise.all([
      inboxCounts(db),
      submissionsPerDay(db, firstWeek.toISOString()),
    ]);
    const weeks = Array.from({ length: 12 }, (_, i) => ({
      weekStart: new Date(firstWeek.getTime() + i * 7 * DAY_MS).toISOString().slice(0, 10),
      consultations: 0,
      contacts: 0,
    }));
    const bucket = (day: string) =>
      Math.floor((Date.parse(`${day}T00:00:00Z`) - firstWeek.getTime()) / (7 * DAY_MS));
    for (const kind of ["consultations", "contacts"] as const) {
      for (const row of perDay[kind]) {
        const week = weeks[bucket(row.day)];
        if (week) week[kind] += row.n;
      }
    }
    return c.json({ counts, figures: overviewFigures(counts), weeks });
  })
  .get("/seo/vitals", async (c) => {
    const since = new Date(Date.now() - 28 * DAY_MS).toISOString();
    const rows = await vitalsP75(drizzle(c.env.DB), since);
    const pages = new Map<string, Record<string, { p75: number; samples: number }>>();
    for (const row of rows) {
      if (!vitalNames.includes(row.name as never)) continue;
      const page = pages.get(row.path) ?? {};
      page[row.name] = { p75: row.p75, samples: row.samples };
      pages.set(row.path, page);
    }
    return c.json({
      since,
      days: 28,
      pages: [...pages.entries()].map(([path, metrics]) => ({ path, metrics })),
    });
  })
  .get("/seo/pagespeed", async (c) => {
    const apiKey = c.env.PAGESPEED_API_KEY;
    if (!apiKey) {
      return c.json<GoogleResult<never>>({
        status: "not_configured",
        reason: "PageSpeed Insights is not connected: set the PAGESPEED_API_KEY secret to show lab scores.",
      });
    }
    try {
      const url = new URL("/", c.env.SITE_URL).toString();
      const result = await cachedGoogle(c.env.KV, `seo:pagespeed:${url}`, () =>
        fetchPageSpeed({ apiKey, url, fetcher: googleFetch.current }),
      );
      return c.json(result);
    } catch (error) {
      log("warn", "PageSpeed Insights failed", {
        requestId: c.get("requestId"),
        error: error instanceof Error ? error.message : String(error),
      });
      return c.json<GoogleResult<never>>({ status: "error", message: seoMessages.pageSpeed });
    }
  })
  .get("/seo/search-console", async (c) => {
    const accountJson = c.env.GSC_SERVICE_ACCOUNT_JSON;
    if (!accountJson) {
      return c.json<GoogleResult<never>>({
        status: "not_configured",
        reason:
          "Search Console is not connected: set the GSC_SERVICE_ACCOUNT_JSON secret (a service account with read access to the property) to show search data.",
      });
    }
    try {
      const account = parseServiceAccount(accountJson);
      const property = c.env.GSC_PROPERTY || new URL("/", c.env.SITE_URL).toString();
      const result = await cachedGoogle(c.env.KV, `seo:search-console:${property}`, () =>
        fetchSearchAnalytics({ account, property, fetcher: googleFetch.current }),
      );
      return c.json(result);
    } catch (error) {
      log("warn", "Search Console failed", {
        requestId: c.get("requestId"),
        error: error instanceof Error ? error.message : String(error),
      });
      return c.json<GoogleResult<never>>({ status: "error", message: seoMessages.searchConsole });
    }
  })
  .get("/experiments", async (c) => {
    const rows = await experimentCounts(drizzle(c.env.DB));
    const byExperiment = new Map<string, typeof rows>();
    for (const row of rows)
      byExperiment.set(row.experiment, [...(byExperiment.get(row.experiment) ?? []), row]);
    const experiments = [...byExperiment.entries()].map(([name, variants]) => {
      const baseline = variants.find((v) => v.variant === "control") ?? variants[0];
      return {
        name,
        baseline: baseline?.variant ?? null,
        variants: variants.map((v) => {
          const test = baseline && v !== baseline ? twoProportionZTest(baseline, v) : null;
          return {
            variant: v.variant,
            exposures: v.exposures,
            conversions: v.conversions,
            rate: v.exposures ? v.conversions / v.exposures : null,
            zScore: test?.z ?? null,
            pValue: test?.pValue ?? null,
            significant: test ? test.pValue < 0.05 : null,
          };
        }),
      };
    });
    return c.json({ experiments });
  });
