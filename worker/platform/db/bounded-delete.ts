/**
 * Deletes at most `limit` rows of `table` whose `column` is below `cutoff`, oldest first, and
 * returns how many went. Scheduled clean-ups use it so each run does bounded work and a backlog
 * drains over later runs. `table` and `column` are constants of the caller, never input.
 */
export async function deleteOldestBefore(
  d1: D1Database,
  table: string,
  column: string,
  cutoff: string | number,
  limit: number,
): Promise<number> {
  // Counted from RETURNING rather than meta.changes: D1 counts the rows triggers change too,
  // and the inbox tables' triggers keep their search index in step.
  const { results } = await d1
    .prepare(
      `DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE ${column} < ? ORDER BY ${column} LIMIT ?) RETURNING 1 AS gone`,
    )
    .bind(cutoff, limit)
    .all();
  return results.length;
}
