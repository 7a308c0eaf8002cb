import { createHash, randomBytes, randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { DatabaseSync, SQLInputValue } from "node:sqlite";

/** The local D1/KV state of the server tests/e2e/global-setup.ts starts. */
export const e2eState = ".wrangler/e2e-state";

const databases = new Map<string, DatabaseSync>();

/**
 * One of the served worker's local D1 databases, opened as the SQLite file workerd keeps it in:
 * the one holding `table` (the submissions' and the measurements' databases have no table in
 * common). Reading the file beside the running server is safe (SQLite locks across processes)
 * and takes a millisecond, where `wrangler d1 execute` starts a whole wrangler per query:
 * seconds on a busy machine, and the tests poll. The folder layout is miniflare's: if it moves,
 * this fails loudly here.
 */
function open(table: string): DatabaseSync {
  const cached = databases.get(table);
  if (cached) return cached;
  const folder = join(e2eState, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(folder).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  // Loaded on first use, so the global setup (which only needs e2eState) does not load it.
  const { DatabaseSync } = process.getBuiltinModule("node:sqlite");
  for (const file of files) {
    const database = new DatabaseSync(join(folder, file));
    const found = database
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
      .get(table);
    if (!found) {
      database.close();
      continue;
    }
    // workerd may hold a write lock for a moment; wait for it rather than fail. workerd does not
    // wait for ours: a write it tries while this connection holds the lock fails at once (the
    // served worker answers 503). So this connection holds it as briefly as it can: its commits
    // skip the disk flush (a test's rows need not survive a power cut), and it leaves the
    // write-ahead log's checkpoints, which copy megabytes, to workerd.
    database.exec("PRAGMA busy_timeout = 5000");
    database.exec("PRAGMA synchronous = OFF");
    database.exec("PRAGMA wal_autocheckpoint = 0");
    databases.set(table, database);
    return database;
  }
  throw new Error(`no D1 database in ${folder} has a table ${table} (files: ${files.join(", ")})`);
}

function run<T>(database: DatabaseSync, sql: string, params: SQLInputValue[]): T[] {
  const statement = database.prepare(sql);
  if (statement.columns().length === 0) {
    statement.run(...params);
    return [];
  }
  return statement.all(...params) as T[];
}

/**
 * Runs one SQL statement against the served worker's local submissions database (DB) and
 * returns its rows. Tests check what the worker saved where it lands: beacons sent while a page
 * unloads, for one, never show up in Playwright's request events.
 */
export function d1<T>(sql: string, ...params: SQLInputValue[]): T[] {
  return run<T>(open("contact_submissions"), sql, params);
}

/** The same against the measurements database (METRICS_DB). */
export function metricsD1<T>(sql: string, ...params: SQLInputValue[]): T[] {
  return run<T>(open("measurement_quotas"), sql, params);
}

/** A SQL string literal for values the tests made up themselves. */
export const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** Gives the request a live status link, as the mail that sent it would; returns the link's token. */
export function statusLinkFor(submissionId: string): string {
  const token = randomBytes(32).toString("base64url");
  d1(
    "INSERT INTO request_status_links (id, submission_id, token_hash) VALUES (?, ?, ?)",
    randomUUID(),
    submissionId,
    createHash("sha256").update(token).digest("hex"),
  );
  return token;
}
