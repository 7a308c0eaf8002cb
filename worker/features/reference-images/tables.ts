import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdNow, pixelSize, textId } from "../../platform/db/columns";
import { consultationRequests } from "../requests/kind-tables";

/**
 * The reference images visitors upload with a consultation request
 * (docs/decisions/016-reference-images.md): one row per image, whose two cleaned copies live in
 * the PHOTOS bucket under `references/<id>/`. An upload starts unattached; the request that
 * presents its attach token claims it (submission_id and attached_at set, once). Unattached rows
 * go after a day. When the request is deleted, its foreign key clears submission_id (the image is
 * hidden at once) and the sweep deletes the objects and then the row: a cascade would lose the
 * row that names the objects.
 */
export const referenceImages = sqliteTable(
  "reference_images",
  {
    /** A random id, the folder of its objects. */
    id: textId(),
    /** SHA-256 (hex) of the attach token handed to the uploader; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    /** The consultation request it belongs to; null until a request claims it, and after it is deleted. */
    submissionId: text("submission_id").references(() => consultationRequests.id, { onDelete: "set null" }),
    /** The type read from the bytes (image/jpeg, image/png, image/webp). */
    type: text("type").notNull(),
    /** The full copy as stored (upright, at most the largest size made). */
    ...pixelSize(),
    createdAt: createdNow(),
    attachedAt: text("attached_at"),
    /**
     * The message of the request's conversation it came with (docs/decisions/019), or null for an
     * image sent with the request itself. Such an image is attached at once, with its message.
     */
    messageId: text("message_id"),
  },
  (table) => [
    index("reference_images_submission_idx").on(table.submissionId),
    index("reference_images_created_idx").on(table.createdAt),
    index("reference_images_message_idx").on(table.messageId),
  ],
);

export type ReferenceImageRow = typeof referenceImages.$inferSelect;
