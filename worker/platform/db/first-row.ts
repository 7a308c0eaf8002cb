import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

// The one-row reads and deletes every feature makes by a key or a request: written once, so each
// feature's query says only which table and which rows.

/** The first row of `table` matching `where`, in the order of `orderBy` when given; null when none. */
export async function firstRow<T extends SQLiteTable>(
  d1: D1Database,
  table: T,
  where: SQL | undefined,
  ...orderBy: SQL[]
): Promise<T["$inferSelect"] | null> {
  const [row] = await drizzle(d1)
    .select()
    .from(table as SQLiteTable)
    .where(where)
    .orderBy(...orderBy)
    .limit(1);
  return (row as T["$inferSelect"] | undefined) ?? null;
}

/** A table of rows a request owns: its quotes, deposits, sessions, saved cards. */
type OwnedByRequest = SQLiteTable & { submissionId: SQLiteColumn; createdAt: SQLiteColumn };

/**
 * A request's newest row of `table` that `where` also matches, newest by `newest` (when it was
 * written, unless said); null when it has none.
 */
export function newestOfRequest<T extends OwnedByRequest>(
  d1: D1Database,
  table: T,
  submissionId: string,
  where?: SQL,
  newest: SQLiteColumn = table.createdAt,
): Promise<T["$inferSelect"] | null> {
  return firstRow(d1, table, and(eq(table.submissionId, submissionId), where), desc(newest));
}

/** Whether any row of `table` matches `where`, reading no column of it. */
export async function hasRow(d1: D1Database, table: SQLiteTable, where: SQL | undefined): Promise<boolean> {
  const [row] = await drizzle(d1).select({ one: sql<number>`1` }).from(table).where(where).limit(1);
  return row !== undefined;
}

/** Deletes the rows of `table` matching `where`; whether there was one to delete. */
export async function deleteRows(
  d1: D1Database,
  table: SQLiteTable,
  where: SQL | undefined,
): Promise<boolean> {
  const gone = await drizzle(d1).delete(table).where(where).returning({ gone: sql<number>`1` });
  return gone.length > 0;
}
