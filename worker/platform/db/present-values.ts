import { inArray } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * Which of `values` a row holds in `column`: how a sweep tells the objects of a recorded upload
 * from those of an upload cut off before its row was written.
 */
export async function presentValues(
  db: DrizzleD1Database,
  column: SQLiteColumn,
  values: readonly string[],
): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const rows = await db
    .select({ value: column })
    .from(column.table)
    .where(inArray(column, [...values]))
    .all();
  return new Set(rows.map((row) => String(row.value)));
}
