import { env } from "cloudflare:test";
import { beforeEach } from "vitest";
import { contentFromModules, contentSeedSql } from "../../worker/features/content/seed";
import { latestPublishedContent } from "../../worker/features/content/service";
import { quietLogs, send, signedInAdmin } from "./admin-support";

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

/** An API error's body. */
export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/**
 * The Studio as the artist uses it: before each test the seeded content and a fresh sign-in.
 * Returns her session's cookie and the two things every content test does with it.
 */
export function studioSession() {
  let cookie = "";
  beforeEach(async () => {
    quietLogs();
    await seedContent();
    cookie = (await signedInAdmin()).cookie;
  });
  return {
    cookie: () => cookie,
    saveSection: (section: string, data: unknown) => saveSection(cookie, section, data),
    /** Publishes the drafts over the live version, as the Studio's Publish button does. */
    publish: async () => {
      const live = await latestPublishedContent(env.DB);
      return send("POST", "/api/admin/content/publish", cookie, { baseVersion: live?.version ?? 0 });
    },
  };
}
