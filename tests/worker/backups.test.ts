import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { backUpDatabases, backupDays, exportDatabase } from "../../worker/features/backups/service";
import { addConsultation } from "./inbox-support";

/** Restores a copy into the empty RESTORE_DB, statement by statement, as D1's exec runs a file. */
async function restore(sql: string) {
  await env.RESTORE_DB.exec(
    sql
      .split("\n")
      .filter((line) => line.trim() && !line.startsWith("--") && !line.startsWith("PRAGMA"))
      .join("\n"),
  );
}

const count = async (db: D1Database, table: string) =>
  (await db.prepare(`SELECT count(*) AS n FROM "${table}"`).first<{ n: number }>())?.n ?? 0;

describe("nightly backups", () => {
  it("copies the main database into an empty one: every table's rows, and the inbox search working", async () => {
    await addConsultation({
      name: "Zoë O'Neil",
      tattooIdea: "A koi fish\nwith cherry blossoms, 'watercolor'",
    });
    await addConsultation({ name: "Sam Rivera", tattooIdea: "Fine-line botanical sleeve" });
    const sql = await exportDatabase(env.DB, 1);
    // One statement a line, so `wrangler d1 execute --file` and `exec` both read it.
    expect(sql.split("\n").filter((line) => /^CREATE TRIGGER/.test(line)).length).toBeGreaterThan(0);
    await restore(sql);

    const { results: tables } = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND sql NOT LIKE 'CREATE VIRTUAL%' AND name NOT LIKE '%_search_%'",
    ).all<{ name: string }>();
    expect(tables.length).toBeGreaterThan(20);
    for (const { name } of tables) {
      expect(await count(env.RESTORE_DB, name), name).toBe(await count(env.DB, name));
    }
    const restored = await env.RESTORE_DB.prepare(
      "SELECT name, tattoo_idea FROM consultation_requests WHERE name = ?",
    )
      .bind("Zoë O'Neil")
      .first<{ name: string; tattoo_idea: string }>();
    expect(restored).toEqual({
      name: "Zoë O'Neil",
      tattoo_idea: "A koi fish\nwith cherry blossoms, 'watercolor'",
    });
    // The full-text index was rebuilt from the rows: a search finds the request by a word in it.
    const found = await env.RESTORE_DB.prepare(
      "SELECT count(*) AS n FROM consultation_requests_search WHERE consultation_requests_search MATCH ?",
    )
      .bind("koi")
      .first<{ n: number }>();
    expect(found?.n).toBe(1);
    // And the restored database's triggers keep the index in step with later changes.
    await env.RESTORE_DB.prepare(
      "UPDATE consultation_requests SET tattoo_idea = 'a lighthouse' WHERE name = ?",
    )
      .bind("Sam Rivera")
      .run();
    const search = async (word: string) =>
      (
        await env.RESTORE_DB.prepare(
          "SELECT count(*) AS n FROM consultation_requests_search WHERE consultation_requests_search MATCH ?",
        )
          .bind(word)
          .first<{ n: number }>()
      )?.n;
    expect(await search("lighthouse")).toBe(1);
    expect(await search("botanical")).toBe(0);
  });

  it("writes each database once a studio day into the private bucket, and removes copies past thirty days", async () => {
    const now = new Date("2026-11-28T15:00:00Z");
    const stale = `backups/main/2026-10-01.sql`;
    const kept = `backups/main/2026-11-01.sql`;
    await env.PHOTOS.put(stale, "-- old");
    await env.PHOTOS.put(kept, "-- recent");
    expect(await backUpDatabases(env, now)).toEqual({ written: 2, removed: 1 });
    expect(await backUpDatabases(env, new Date(now.getTime() + 5 * 60_000))).toEqual({
      written: 0,
      removed: 0,
    });
    const keys = (await env.PHOTOS.list({ prefix: "backups/" })).objects.map((object) => object.key).sort();
    expect(keys).toEqual([kept, "backups/main/2026-11-28.sql", "backups/metrics/2026-11-28.sql"]);
    const copy = await (await env.PHOTOS.get("backups/main/2026-11-28.sql"))?.text();
    expect(copy).toContain("CREATE TABLE");
    expect(copy).toContain('INSERT INTO "d1_migrations"');
    expect(backupDays).toBe(30);
  });
});
