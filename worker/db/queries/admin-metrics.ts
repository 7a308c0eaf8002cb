import { sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";

type Db = DrizzleD1Database;

/**
 * The 75th percentile (nearest rank: the ceil(0.75 n)-th smallest value) of each web-vital per
 * page since a moment, from the site's own field data (web_vital_reports).
 */
export async function vitalsP75(db: Db, sinceIso: string) {
  return db.all<{ path: string; name: string; samples: number; p75: number }>(sql`
    WITH ranked AS (
      SELECT path, name, value,
        ROW_NUMBER() OVER (PARTITION BY path, name ORDER BY value) AS rn,
        COUNT(*) OVER (PARTITION BY path, name) AS n
      FROM web_vital_reports
      WHERE created_at >= ${sinceIso}
    )
    SELECT path, name, n AS samples, value AS p75
    FROM ranked
    WHERE rn = (3 * n + 3) / 4
    ORDER BY path, name`);
}

/**
 * Per experiment and variant: distinct sessions exposed and distinct sessions that converted
 * (site_events, types ab_exposure and ab_conversion).
 */
export async function experimentCounts(db: Db) {
  return db.all<{ experiment: string; variant: string; exposures: number; conversions: number }>(sql`
    SELECT experiment, variant,
      COUNT(DISTINCT CASE WHEN type = 'ab_exposure' THEN session_id END) AS exposures,
      COUNT(DISTINCT CASE WHEN type = 'ab_conversion' THEN session_id END) AS conversions
    FROM site_events
    WHERE experiment IS NOT NULL AND variant IS NOT NULL AND type IN ('ab_exposure', 'ab_conversion')
    GROUP BY experiment, variant
    ORDER BY experiment, variant`);
}
