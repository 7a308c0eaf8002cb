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
  const outcome = await d1
    .prepare(
      `DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE ${column} < ? ORDER BY ${column} LIMIT ?)`,
    )
    .bind(cutoff, limit)
    .run();
  return outcome.meta.changes ?? 0;
}
