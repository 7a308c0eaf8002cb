import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { DatabaseSync, SQLInputValue } from "node:sqlite";

/** The local D1/KV state of the server tests/e2e/global-setup.ts starts. */
export const e2eState = ".wrangler/e2e-state";

let database: DatabaseSync | undefined;

/**
 * The served worker's local D1, opened as the SQLite file workerd keeps it in. Reading the file
 * beside the running server is safe (SQLite locks across processes) and takes a millisecond,
 * where `wrangler d1 execute` starts a whole wrangler per query: seconds on a busy machine, and
 * the tests poll. The folder layout is miniflare's: if it moves, this fails loudly here.
 */
function open(): DatabaseSync {
  if (database) return database;
  const folder = join(e2eState, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(folder).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (files.length !== 1) throw new Error(`expected one D1 database in ${folder}, found ${files.join(", ")}`);
  // Loaded on first use, so the global setup (which only needs e2eState) does not load it.
  const { DatabaseSync } = process.getBuiltinModule("node:sqlite");
  database = new DatabaseSync(join(folder, files[0] ?? ""));
  // workerd may hold a write lock for a moment; wait for it rather than fail.
  database.exec("PRAGMA busy_timeout = 5000");
  return database;
}

/**
 * Runs one SQL statement against the served worker's local D1 and returns its rows. Tests check
 * what the worker saved where it lands: beacons sent while a page unloads, for one, never show
 * up in Playwright's request events.
 */
export function d1<T>(sql: string, ...params: SQLInputValue[]): T[] {
  const statement = open().prepare(sql);
  if (statement.columns().length === 0) {
    statement.run(...params);
    return [];
  }
  return statement.all(...params) as T[];
}

/** A SQL string literal for values the tests made up themselves. */
export const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;
