import { sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { pathAliases, publicPages } from "../../../shared/routes";

type Db = DrizzleD1Database;

/** The paths the intake accepts: rows stored before it checked paths and ranges are left out. */
const knownPaths = [...publicPages.map((page) => page.path), ...Object.keys(pathAliases)];

/** The rows the p75 figures read: the site's own pages, values a page can measure, since a moment. */
const fieldRows = (sinceIso: string) => sql`
  SELECT path, name, value FROM web_vital_reports
  WHERE created_at >= ${sinceIso}
    AND path IN (${sql.join(
      knownPaths.map((path) => sql`${path}`),
      sql`, `,
    )})
    AND value BETWEEN 0 AND (CASE name WHEN 'CLS' THEN 10 ELSE 60000 END)`;

/**
 * The 75th percentile (nearest rank: the ceil(0.75 n)-th smallest value) of each web-vital per
 * page since a moment, from the site's own field data (web_vital_reports), over the site's own
 * pages and values a page can measure.
 */
export async function vitalsP75(db: Db, sinceIso: string) {
  return db.all<{ path: string; name: string; samples: number; p75: number }>(sql`
    WITH ranked AS (
      SELECT path, name, value,
        ROW_NUMBER() OVER (PARTITION BY path, name ORDER BY value) AS rn,
        COUNT(*) OVER (PARTITION BY path, name) AS n
      FROM (${fieldRows(sinceIso)})
    )
    SELECT path, name, n AS samples, value AS p75
    FROM ranked
    WHERE rn = (3 * n + 3) / 4
    ORDER BY path, name`);
}

/** The same 75th percentile over all the site's pages together: one figure per web-vital. */
export async function siteVitalsP75(db: Db, sinceIso: string) {
  return db.all<{ name: string; samples: number; p75: number }>(sql`
    WITH ranked AS (
      SELECT name, value,
        ROW_NUMBER() OVER (PARTITION BY name ORDER BY value) AS rn,
        COUNT(*) OVER (PARTITION BY name) AS n
      FROM (${fieldRows(sinceIso)})
    )
    SELECT name, n AS samples, value AS p75
    FROM ranked
    WHERE rn = (3 * n + 3) / 4
    ORDER BY name`);
}

/**
 * Per experiment and variant: distinct sessions exposed, and how many of those converted
 * (site_events, types ab_exposure and ab_conversion). A conversion from a session never exposed
 * to that variant is not counted, so a rate can never pass 100 %.
 */
export async function experimentCounts(db: Db) {
  return db.all<{ experiment: string; variant: string; exposures: number; conversions: number }>(sql`
    WITH exposed AS (
      SELECT DISTINCT experiment, variant, session_id FROM site_events
      WHERE type = 'ab_exposure' AND experiment IS NOT NULL AND variant IS NOT NULL
    ),
    converted AS (
      SELECT DISTINCT experiment, variant, session_id FROM site_events
      WHERE type = 'ab_conversion' AND experiment IS NOT NULL AND variant IS NOT NULL
    )
    SELECT exposed.experiment AS experiment, exposed.variant AS variant,
      COUNT(*) AS exposures, COUNT(converted.session_id) AS conversions
    FROM exposed LEFT JOIN converted USING (experiment, variant, session_id)
    GROUP BY exposed.experiment, exposed.variant
    ORDER BY exposed.experiment, exposed.variant`);
}
