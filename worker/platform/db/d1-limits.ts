import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * D1 refuses a statement that binds more than 100 parameters, whatever SQLite itself would
 * allow. Every query whose number of parameters grows with its input goes through the helpers
 * below, so no input size the API accepts can reach the limit.
 */
const maxBoundParameters = 100;

/**
 * `items` cut into runs that each fit one statement: `perItem` parameters for every item plus
 * `fixed` others in the same statement (the other conditions of a WHERE clause).
 */
export function boundChunks<T>(items: readonly T[], perItem: number, fixed = 0): T[][] {
  const size = Math.floor((maxBoundParameters - fixed) / perItem);
  if (size < 1) throw new Error(`one item binds ${perItem} parameters besides ${fixed}: over D1's limit`);
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/**
 * Inserts rows with as few multi-row INSERTs as the parameter limit allows, in one batch (one
 * transaction in D1): all rows are stored or none. The parameters a row binds are counted from
 * the statement drizzle builds for it, so a column added to the table is counted too.
 */
export async function insertInChunks<T extends SQLiteTable>(
  db: DrizzleD1Database<Record<string, never>>,
  table: T,
  rows: readonly T["$inferInsert"][],
): Promise<void> {
  if (rows.length === 0) return;
  const perRow = Math.max(...rows.map((row) => db.insert(table).values(row).toSQL().params.length));
  const [first, ...rest] = boundChunks(rows, perRow).map((chunk) => db.insert(table).values(chunk));
  if (first) await db.batch([first, ...rest]);
}
