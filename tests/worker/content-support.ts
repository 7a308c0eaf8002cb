import { env } from "cloudflare:test";
import { contentFromModules, contentSeedSql } from "../../worker/db/content-seed";

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
