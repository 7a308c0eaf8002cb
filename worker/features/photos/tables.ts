import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdNow, pixelSize } from "../../platform/db/columns";

/**
 * The photos the artist uploaded (docs/decisions/015-photo-uploads.md): one row per photo, whose
 * objects (the private original and the served sizes) live in the PHOTOS bucket under its key.
 * A row is written only after every object is stored, so a photo in this table is complete.
 * Whether a photo is used is read from the content (drafts and versions), never kept here, so
 * it cannot drift from what the pages show.
 */
export const photos = sqliteTable(
  "photos",
  {
    /** "uploads/<random id>": the prefix of its objects and the `key` of a content image. */
    key: text("key").primaryKey(),
    /** The file name as the artist's device sent it, for the editor's messages. */
    name: text("name").notNull(),
    /** The type read from the bytes (image/jpeg, image/png, image/webp). */
    type: text("type").notNull(),
    /** The original's size in bytes, after its metadata was removed. */
    bytes: integer("bytes").notNull(),
    /** Upright (its orientation applied). */
    ...pixelSize(),
    /** A tiny blurred WebP as a data: URI, drawn while the photo loads. */
    placeholder: text("placeholder").notNull(),
    createdAt: createdNow(),
    /** The admin's e-mail address. */
    createdBy: text("created_by").notNull(),
  },
  (table) => [index("photos_created_at").on(table.createdAt)],
);
