import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdGiven, textId, updatedGiven } from "../../platform/db/columns";

/**
 * The people waiting for the books to reopen (docs/product-rules.md, "Waitlist"). One row per
 * e-mail address: signing up again updates the name and styles. `notified_at` is set, for every
 * waiting row at once, in the very batch that publishes a version reopening the books, so each
 * person is told once; the e-mail itself is a row of the mail queue, queued in that same batch.
 */
export const waitlistEntries = sqliteTable(
  "waitlist_entries",
  {
    id: textId(),
    name: text("name").notNull(),
    /** Lowercased by the schema, so one address is one entry. */
    email: text("email").notNull(),
    /** The style slugs ticked, as a JSON array. */
    styles: text("styles").notNull(),
    createdAt: createdGiven(),
    updatedAt: updatedGiven(),
    /** When a reopening queued this person's e-mail; NULL while they wait. */
    notifiedAt: text("notified_at"),
    /**
     * SHA-256 (hex) of the unsubscribe link's token. The token is made when the e-mail is
     * written (a stored hash cannot be turned back into a link), so it is set with each attempt.
     */
    unsubscribeHash: text("unsubscribe_hash"),
  },
  (table) => [
    uniqueIndex("waitlist_entries_email_idx").on(table.email),
    uniqueIndex("waitlist_entries_unsubscribe_idx").on(table.unsubscribeHash),
    index("waitlist_entries_notified_idx").on(table.notifiedAt),
  ],
);

export type WaitlistEntry = typeof waitlistEntries.$inferSelect;
