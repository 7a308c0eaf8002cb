import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdNow, rowNumber, updatedNow } from "../../platform/db/columns";

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
  updatedAt: updatedNow(),
  /** The admin's e-mail address, or "seed" for the content loaded with the database. */
  updatedBy: text("updated_by").notNull(),
  /**
   * +1 on every save (and on a restore): a save names the revision it started from and is
   * refused if the row has moved on, so two tabs cannot overwrite each other unseen.
   */
  revision: integer("revision").notNull().default(1),
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

/**
 * The content's trail: every save (section and the revision it made), publish and restore
 * (version), and every photo upload, by whom and when. Its own table because the audit log's
 * entity is tied to the submissions by a CHECK that SQLite cannot widen without rebuilding that
 * table.
 */
export const contentAudit = sqliteTable(
  "content_audit",
  {
    id: rowNumber(),
    adminEmail: text("admin_email").notNull(),
    /** No CHECK, like the draft's section: a new action must not need a table rebuild. */
    action: text("action", { enum: ["save", "publish", "restore", "upload"] }).notNull(),
    /**
     * What the entry is about: a save's section, or an upload's photo key ("uploads/<id>"), the
     * one thing an upload belongs to until a piece uses it. Null for a publish or a restore.
     */
    section: text("section"),
    revision: integer("revision"),
    version: integer("version"),
    /** For a restore: the older version it brought back. */
    restoredFrom: integer("restored_from"),
    createdAt: createdNow(),
  },
  (table) => [index("content_audit_created_idx").on(table.createdAt)],
);
