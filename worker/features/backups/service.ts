import { addDays, studioDate } from "../../platform/studio-clock";

/**
 * Nightly copies of both D1 databases in the private R2 bucket, kept for thirty days, and the SQL
 * they are written in. `wrangler d1 export` refuses a database with full-text (FTS5) tables, and
 * the inbox's search is one; this export writes every table, view, index and trigger itself,
 * leaves out the FTS tables' internal storage, and rebuilds each search index from its source
 * at the end of the restore. One statement a line, so the file runs through
 * `wrangler d1 execute --file` and through D1's `exec` alike.
 */

/** How long a nightly copy is kept. */
export const backupDays = 30;

const databases = [
  { name: "main", binding: "DB" },
  { name: "metrics", binding: "METRICS_DB" },
] as const;

const objectKey = (database: string, date: string) => `backups/${database}/${date}.sql`;

/** A value as an SQL literal on one line: text quoted, line breaks as char(10)/char(13), bytes as X'..'. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "NULL";
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "boolean") return value ? "1" : "0";
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value) || Array.isArray(value)) {
    const bytes =
      value instanceof ArrayBuffer
        ? new Uint8Array(value)
        : Array.isArray(value)
          ? Uint8Array.from(value as number[])
          : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    return `X'${bytes.toHex()}'`;
  }
  const quoted = `'${String(value).replace(/'/g, "''")}'`;
  return quoted.replace(/\r/g, "' || char(13) || '").replace(/\n/g, "' || char(10) || '");
}

const oneLine = (sql: string) => sql.replace(/\s*\n\s*/g, " ").trim();
const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface SchemaRow {
  type: "table" | "view" | "index" | "trigger";
  name: string;
  tbl_name: string;
  sql: string | null;
}

/** The whole database as SQL that rebuilds it in an empty one. */
export async function exportDatabase(db: D1Database, pageSize = 500): Promise<string> {
  const { results: schema } = await db
    .prepare(
      "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY rowid",
    )
    .all<SchemaRow>();
  const fullText = schema.filter(
    (row) => row.type === "table" && /^CREATE VIRTUAL TABLE/i.test(row.sql ?? ""),
  );
  // FTS5 keeps its index in shadow tables named after it; they are rebuilt, not copied.
  const shadows = new Set(
    fullText.flatMap((row) =>
      ["data", "idx", "content", "docsize", "config"].map((part) => `${row.name}_${part}`),
    ),
  );
  const tables = schema.filter(
    (row) => row.type === "table" && !fullText.includes(row) && !shadows.has(row.name),
  );
  const lines = [
    `-- Backup of a D1 database, written ${new Date().toISOString()}. Restore into an empty database:`,
    "--   npx wrangler d1 execute <DB> --local --persist-to <folder> --file <this file> --yes",
    "PRAGMA defer_foreign_keys = true;",
  ];
  for (const table of tables) lines.push(`${oneLine(table.sql ?? "")};`);
  for (const table of tables) {
    for (let offset = 0; ; offset += pageSize) {
      const { results } = await db
        .prepare(`SELECT * FROM ${quoteName(table.name)} LIMIT ? OFFSET ?`)
        .bind(pageSize, offset)
        .all<Record<string, unknown>>();
      for (const row of results) {
        const columns = Object.keys(row).map(quoteName).join(", ");
        const values = Object.values(row).map(literal).join(", ");
        lines.push(`INSERT INTO ${quoteName(table.name)} (${columns}) VALUES (${values});`);
      }
      if (results.length < pageSize) break;
    }
  }
  for (const type of ["view", "table", "index", "trigger"] as const) {
    for (const row of schema) {
      if (row.type !== type || (type === "table" && !fullText.includes(row))) continue;
      lines.push(`${oneLine(row.sql ?? "")};`);
    }
  }
  for (const table of fullText) {
    lines.push(`INSERT INTO ${quoteName(table.name)} (${quoteName(table.name)}) VALUES ('rebuild');`);
  }
  return `${lines.join("\n")}\n`;
}

/**
 * The nightly copies: once a studio day, each database exported to backups/<name>/<date>.sql in
 * the private bucket (never served: the photo routes read only their own prefixes), and copies
 * older than thirty days removed. A day already copied is skipped, so the five-minute cron
 * writes each copy once.
 */
export async function backUpDatabases(
  env: { DB: D1Database; METRICS_DB: D1Database; PHOTOS: R2Bucket },
  now: Date,
): Promise<{ written: number; removed: number }> {
  const today = studioDate(now);
  let written = 0;
  for (const database of databases) {
    const key = objectKey(database.name, today);
    if (await env.PHOTOS.head(key)) continue;
    const sql = await exportDatabase(env[database.binding]);
    await env.PHOTOS.put(key, sql, { httpMetadata: { contentType: "application/sql; charset=utf-8" } });
    written++;
  }
  // The old copies are looked for once a day, right after the new ones: not on every cron run.
  if (written === 0) return { written, removed: 0 };
  const oldest = addDays(today, -backupDays);
  const expired: string[] = [];
  let cursor: string | undefined;
  do {
    const listing = await env.PHOTOS.list({ prefix: "backups/", limit: 500, ...(cursor ? { cursor } : {}) });
    for (const object of listing.objects) {
      const date = /\/(\d{4}-\d{2}-\d{2})\.sql$/.exec(object.key)?.[1];
      if (date && date < oldest) expired.push(object.key);
    }
    cursor = listing.truncated ? listing.cursor : undefined;
  } while (cursor);
  if (expired.length) await env.PHOTOS.delete(expired);
  return { written, removed: expired.length };
}
