import { env } from "cloudflare:test";
import { contentFromModules, contentSeedSql } from "../../worker/features/content/seed";
import { send } from "./admin-support";

/**
 * Empties the content tables (storage is shared by the tests of a file) and loads today's
 * content as `npm start` and a deployment do: the very same statements.
 */
export async function seedContent() {
  await env.DB.batch(
    [
      "DELETE FROM content_drafts",
      "DELETE FROM content_versions",
      ...contentSeedSql(contentFromModules()),
    ].map((statement) => env.DB.prepare(statement)),
  );
}

/** A D1 binding that counts the statements prepared through it (each one query). */
export function countingDb(db: D1Database) {
  const counter = { queries: 0 };
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (property === "prepare") {
        return (query: string) => {
          counter.queries++;
          return target.prepare(query);
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: proxy, counter };
}

/** Saves a section's draft from the revision the editor last read, as the editor does. */
export async function saveSection(cookie: string, section: string, data: unknown) {
  const drafts = (await (await send("GET", "/api/admin/content", cookie)).json()) as {
    sections: Record<string, { revision: number }>;
  };
  const revision = drafts.sections[section]?.revision ?? 0;
  return send("PUT", `/api/admin/content/sections/${section}`, cookie, { data, revision });
}
