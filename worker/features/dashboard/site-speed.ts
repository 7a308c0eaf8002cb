import type { DrizzleD1Database } from "drizzle-orm/d1";
import { type VitalName, vitalNames, vitalRating } from "../../../shared/admin";
import { siteVitalsP75 } from "./queries";

/** The field-data window, as the admin's table uses. */
const days = 28;
/** The figures move slowly; one computation serves every visitor for ten minutes. */
const cacheTtlSeconds = 600;
const cacheKey = "site-speed:v1";

interface SiteSpeedVital {
  name: VitalName;
  /** 75th percentile: milliseconds, or a unitless score for CLS. */
  p75: number;
  samples: number;
  rating: "good" | "needs-improvement" | "poor";
}

interface SiteSpeedFigures {
  /** When the figures were computed (UTC ISO). */
  measuredAt: string;
  days: number;
  vitals: SiteSpeedVital[];
}

/**
 * The public performance view's figures: how fast the site is for its real visitors, the 75th
 * percentile of each web-vital over all pages and the last 28 days. `source` says where the
 * answer came from: computed now (live), from the ten-minute cache (cached), or nothing measured
 * yet (none). Never a sample number standing in for a real one.
 */
export async function siteSpeed(
  db: DrizzleD1Database,
  kv: KVNamespace,
  now: number,
): Promise<SiteSpeedFigures & { source: "live" | "cached" | "none" }> {
  const cached = await kv.get<SiteSpeedFigures>(cacheKey, "json");
  if (cached) return { source: cached.vitals.length ? "cached" : "none", ...cached };
  const since = new Date(now - days * 86_400_000).toISOString();
  const vitals = (await siteVitalsP75(db, since))
    .filter((row): row is typeof row & { name: VitalName } => vitalNames.includes(row.name as VitalName))
    .map((row) => ({
      name: row.name,
      p75: row.p75,
      samples: row.samples,
      rating: vitalRating(row.name, row.p75),
    }));
  const figures = { measuredAt: new Date(now).toISOString(), days, vitals };
  await kv.put(cacheKey, JSON.stringify(figures), { expirationTtl: cacheTtlSeconds });
  return { source: vitals.length ? "live" : "none", ...figures };
}
