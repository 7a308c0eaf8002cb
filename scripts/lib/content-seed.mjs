// The studio's content as the site showed it before it moved to D1, loaded as the drafts and
// published version 1 (worker/features/content/seed.ts builds and validates it; both statements skip
// what exists, so loading again never overwrites the artist's edits or history).
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { runnerImport } from "vite";
import { persistDir, wrangler } from "./local-env.mjs";

async function seedStatements() {
  // Vite sets NODE_ENV while it resolves a config; keep the caller's (a production build may follow).
  const nodeEnv = process.env.NODE_ENV;
  try {
    const { module } = await runnerImport(resolve("worker/features/content/seed.ts"), {
      configFile: false,
      logLevel: "warn",
    });
    return module.contentSeedSql(module.contentFromModules());
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/**
 * Loads the content into the local database (in `persistTo`), or with `remote` into the deployed
 * one (the production environment's), which is how a new deployment gets its first version.
 * `run` runs wrangler (the launch passes its own, which finds wrangler on PATH).
 */
export async function loadContent({ remote = false, persistTo = persistDir, run = wrangler } = {}) {
  const statements = await seedStatements();
  const dir = join(tmpdir(), "gilded-needle");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `content-${process.pid}-${Date.now()}.sql`);
  writeFileSync(file, statements.join("\n"));
  const target = remote ? ["--remote", "--env", "production"] : ["--local", "--persist-to", persistTo];
  run(["d1", "execute", "DB", ...target, "--file", file, "--yes"], { quiet: !remote });
  return { sections: statements.length - 1 };
}
