import { drizzle } from "drizzle-orm/d1";
import { Hono } from "hono";
import { funnelQuerySchema } from "../../../shared/journey-funnel";
import { validate } from "../../platform/middleware/validate";
import type { AdminEnv } from "../sign-in/middleware";
import { journeyFunnel } from "./journey-funnel";
import { pageSpeed, searchConsole } from "./seo-sources";
import { experimentResults, overview, vitalsByPage } from "./service";
import { sessionFigures } from "./session-figures";

/**
 * /api/admin/overview, /journey (request to completed session), /seo/*, /experiments: every figure from stored data or a live source; the
 * vitals and experiments from the measurements database.
 */
export const adminDashboard = new Hono<AdminEnv>()
  .get("/overview", async (c) => c.json(await overview(drizzle(c.env.DB), Date.now())))
  .get("/journey", validate("query", funnelQuerySchema), async (c) =>
    c.json(await journeyFunnel(c.env.DB, c.req.valid("query").period, Date.now())),
  )
  /** The calendar's figures over the same periods: freed times refilled through an offer. */
  .get("/session-figures", validate("query", funnelQuerySchema), async (c) =>
    c.json(await sessionFigures(c.env.DB, c.req.valid("query").period, Date.now())),
  )
  .get("/seo/vitals", async (c) => c.json(await vitalsByPage(drizzle(c.env.METRICS_DB), Date.now())))
  .get("/seo/pagespeed", async (c) =>
    c.json(await pageSpeed({ kv: c.env.KV, apiKey: c.env.PAGESPEED_API_KEY, siteUrl: c.env.SITE_URL })),
  )
  .get("/seo/search-console", async (c) =>
    c.json(
      await searchConsole({
        kv: c.env.KV,
        accountJson: c.env.GSC_SERVICE_ACCOUNT_JSON,
        property: c.env.GSC_PROPERTY,
        siteUrl: c.env.SITE_URL,
      }),
    ),
  )
  .get("/experiments", async (c) => c.json(await experimentResults(drizzle(c.env.METRICS_DB))));
