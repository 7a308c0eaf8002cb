import { index, type SQLiteColumn, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdGiven, textId } from "../../platform/db/columns";

/**
 * The client's signed release form and the record Maryland asks a body-art studio to keep
 * (docs/decisions/020-quote-to-healed.md, "Release form"). Both are kept exactly three years and
 * then deleted by the cron, on their own clock: they outlive the request they came from, which
 * retention may delete sooner, so nothing here is deleted with it. Nothing personal is stored in
 * the clear: the form's whole content and the record's name, procedure and technician are
 * AES-GCM ciphertext (worker/features/release-forms/crypto.ts).
 */

/**
 * What a row keeps sealed with AES-GCM, what it takes to open it again, and when it goes: both
 * kinds of sealed record are kept three years, then deleted by the cron.
 */
const sealedColumns = () => ({
  /** base64 AES-GCM ciphertext, with its tag. */
  ciphertext: text("ciphertext").notNull(),
  /** base64 of the 96-bit nonce. */
  iv: text("iv").notNull(),
  /** Which key sealed it (a fingerprint of the key, never the key), so a rotated key still opens old rows. */
  keyVersion: text("key_version").notNull(),
  /** From when the cron deletes it: three calendar years after the form's signing or the procedure's date. */
  deleteAfter: text("delete_after").notNull(),
});

/** The index the cron finds the records due for deletion by. */
const dueForDeletionIndex = (name: string, table: { deleteAfter: SQLiteColumn }) =>
  index(name).on(table.deleteAfter);

export const releaseForms = sqliteTable(
  "release_forms",
  {
    id: textId(),
    /** The consultation request, and the booking the form was signed for: one form a booking. */
    submissionId: text("submission_id").notNull(),
    bookingId: text("booking_id").notNull(),
    /** The signed form sealed: its text as shown and the answers. */
    ...sealedColumns(),
    signedAt: text("signed_at").notNull(),
    /**
     * A fingerprint of the form's text as signed: a session moved keeps its form while the text
     * is the same, and a changed text is signed again. Null for forms from before it was kept.
     */
    textVersion: text("text_version"),
  },
  (table) => [
    uniqueIndex("release_forms_booking_idx").on(table.bookingId),
    index("release_forms_submission_idx").on(table.submissionId),
    dueForDeletionIndex("release_forms_delete_idx", table),
  ],
);

/**
 * The record of each procedure for a health inspector (COMAR 10.06.01.06): the client's name, the
 * date, the procedure and the technician, and nothing else. The date is in the clear (it orders
 * the export and is no one's identity on its own); the rest is one ciphertext.
 */
export const procedureRecords = sqliteTable(
  "procedure_records",
  {
    id: textId(),
    /** The release form it was made with; the two are kept the same three years. */
    releaseFormId: text("release_form_id").notNull(),
    /** The studio's calendar date of the booked session, YYYY-MM-DD. */
    procedureDate: text("procedure_date").notNull(),
    /** { name, procedure, technician } sealed. */
    ...sealedColumns(),
    createdAt: createdGiven(),
  },
  (table) => [
    uniqueIndex("procedure_records_form_idx").on(table.releaseFormId),
    index("procedure_records_date_idx").on(table.procedureDate),
    dueForDeletionIndex("procedure_records_delete_idx", table),
  ],
);

export type ReleaseFormRow = typeof releaseForms.$inferSelect;
export type ProcedureRecordRow = typeof procedureRecords.$inferSelect;
