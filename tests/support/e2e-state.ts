import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadContent } from "../../scripts/lib/content-seed.mjs";
import { wrangler } from "../../scripts/lib/local-env.mjs";

/** Each database's migrations folder, as wrangler.toml names it. */
const databases = [
  { binding: "DB", folder: "migrations" },
  { binding: "METRICS_DB", folder: "migrations-metrics" },
] as const;

/**
 * A fresh local D1/KV state for a test server: every migration, recorded in d1_migrations under
 * its file name as `wrangler d1 migrations apply` records it, and the studio's seeded content.
 *
 * `wrangler d1 migrations apply` starts a local database for each migration file: over thirty
 * files took 25 s of a busy machine before a browser test could start. Here each database gets
 * one file, run by one `wrangler d1 execute`, in a few seconds.
 */
export async function freshState(persistTo: string): Promise<void> {
  rmSync(persistTo, { recursive: true, force: true });
  const dir = mkdtempSync(join(tmpdir(), "e2e-state-"));
  try {
    // The content's statements, as the launch would run them, collected instead of run.
    let content = "";
    await loadContent({
      persistTo,
      run: (args: string[]) => {
        content = readFileSync(args[args.indexOf("--file") + 1] ?? "", "utf8");
        return "";
      },
    });
    if (!content) throw new Error("the studio's seeded content came out empty");
    for (const { binding, folder } of databases) {
      const statements = [
        "CREATE TABLE d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL);",
      ];
      for (const name of readdirSync(folder)
        .filter((file) => file.endsWith(".sql"))
        .sort()) {
        const sql = readFileSync(join(folder, name), "utf8").trim();
        statements.push(sql.endsWith(";") ? sql : `${sql};`);
        statements.push(`INSERT INTO d1_migrations (name) VALUES ('${name}');`);
      }
      if (binding === "DB") statements.push(content);
      const file = join(dir, `${binding}.sql`);
      writeFileSync(file, statements.join("\n"));
      wrangler(["d1", "execute", binding, "--local", "--persist-to", persistTo, "--file", file, "--yes"], {
        quiet: true,
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
