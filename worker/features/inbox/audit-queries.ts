import { inArray } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { type SubmissionKindName, submissionKindNames } from "../../../shared/submission-kinds";
import { tableOf } from "../../platform/db/schema";

/**
 * The display name of the person each audit entry is about, read from the entry's submission
 * (one query per kind), so the activity log can say whose request changed instead of an id.
 * An entry whose submission is gone (retention) gets null.
 */
export async function withSubjects<E extends { entity: SubmissionKindName; entityId: string }>(
  db: DrizzleD1Database,
  entries: E[],
): Promise<(E & { subject: string | null })[]> {
  const names = new Map<string, string>();
  await Promise.all(
    submissionKindNames.map(async (kind) => {
      const ids = [...new Set(entries.filter((e) => e.entity === kind).map((e) => e.entityId))];
      if (ids.length === 0) return;
      const table = tableOf(kind);
      const rows = await db
        .select({ id: table.id, name: table.name })
        .from(table)
        .where(inArray(table.id, ids))
        .all();
      for (const row of rows) names.set(`${kind}:${row.id}`, row.name);
    }),
  );
  return entries.map((entry) => ({
    ...entry,
    subject: names.get(`${entry.entity}:${entry.entityId}`) ?? null,
  }));
}
