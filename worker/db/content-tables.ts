import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { utcNow } from "./columns";

// The studio's content: what the artist is editing (drafts) and what the site shows (published
// versions). See docs/decisions/011-content-in-d1.md.

/**
 * The editor's working copy: one row per section, its value as JSON that passed the section's
 * schema. Saving a section replaces its row; nothing here is public until it is published.
 */
export const contentDrafts = sqliteTable("content_drafts", {
  /** No CHECK on the name: a new section must not need a table rebuild; the API knows the names. */
  section: text("section").primaryKey(),
  data: text("data").notNull(),
  updatedAt: text("updated_at").notNull().default(utcNow),
  /** The admin's e-mail address, or "seed" for the content loaded with the database. */
  updatedBy: text("updated_by").notNull(),
});

/**
 * Every published version, never changed once written: the whole content as one JSON object,
 * so a page reads one row, and the history to restore from. The highest version is live. Also
 * the publishing trail: who published, when, why, and which older version a restore brought back.
 */
export const contentVersions = sqliteTable("content_versions", {
  version: integer("version").primaryKey(),
  snapshot: text("snapshot").notNull(),
  publishedAt: text("published_at").notNull(),
  /** The admin's e-mail address ("seed" for the first version). */
  publishedBy: text("published_by").notNull(),
  note: text("note"),
  restoredFrom: integer("restored_from"),
});
