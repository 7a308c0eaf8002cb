import type { DrizzleD1Database } from "drizzle-orm/d1";
import { overviewFigures, vitalNames } from "../../../shared/admin";
import { submissionKinds } from "../../../shared/submission-kinds";
import { inboxCounts, submissionsPerDay } from "../inbox/service";
import { experimentCounts, vitalsP75 } from "./queries";
import { twoProportionZTest } from "./stats";

const dayMs = 86_400_000;
const weekMs = 7 * dayMs;
/** The weekly chart's span. */
const chartWeeks = 12;
/** The field data window of the vitals table. */
const vitalsDays = 28;

/** Monday 00:00 UTC of the week containing a moment. */
function weekStart(ms: number): Date {
  const d = new Date(ms);
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d;
}

/** Counts per status, the dashboard figures, and submissions per kind for each of the last 12 weeks. */
export async function overview(db: DrizzleD1Database, now: number) {
  const firstWeek = new Date(weekStart(now).getTime() - (chartWeeks - 1) * weekMs);
  const [counts, perDay] = await Promise.all([
    inboxCounts(db),
    submissionsPerDay(db, firstWeek.toISOString()),
  ]);
  const weeks = Array.from({ length: chartWeeks }, (_, i) => ({
    weekStart: new Date(firstWeek.getTime() + i * weekMs).toISOString().slice(0, 10),
    ...(Object.fromEntries(submissionKinds.map((kind) => [kind.collection, 0])) as Record<
      (typeof submissionKinds)[number]["collection"],
      number
    >),
  }));
  for (const { collection, rows } of perDay) {
    for (const row of rows) {
      const week = weeks[Math.floor((Date.parse(`${row.day}T00:00:00Z`) - firstWeek.getTime()) / weekMs)];
      if (week) week[collection] += row.n;
    }
  }
  return { counts, figures: overviewFigures(counts), weeks };
}

/** The 75th percentile of each web-vital per page over the last 28 days of field data. */
export async function vitalsByPage(db: DrizzleD1Database, now: number) {
  const since = new Date(now - vitalsDays * dayMs).toISOString();
  const pages = new Map<string, Record<string, { p75: number; samples: number }>>();
  for (const row of await vitalsP75(db, since)) {
    if (!vitalNames.includes(row.name as never)) continue;
    const page = pages.get(row.path) ?? {};
    page[row.name] = { p75: row.p75, samples: row.samples };
    pages.set(row.path, page);
  }
  return {
    since,
    days: vitalsDays,
    pages: [...pages.entries()].map(([path, metrics]) => ({ path, metrics })),
  };
}

/** Each experiment's variants against its baseline ("control", else the first), with a z-test. */
export async function experimentResults(db: DrizzleD1Database) {
  const rows = await experimentCounts(db);
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
  return { experiments };
}
