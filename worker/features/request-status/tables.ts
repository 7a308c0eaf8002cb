import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdNow } from "../../platform/db/columns";
import { newestOfRequestIndex, requestRowColumns } from "../requests/kind-tables";

/**
 * The private status pages of consultation requests (docs/decisions/018-request-status-links.md):
 * one row per link, holding only the SHA-256 of its token, never the token in the clear. The
 * client's confirmation (or a new link's e-mail) is a row of the mail queue under the link's own
 * id, queued in the batch that stores the link. A revoked link keeps its row (the admin shows it
 * as revoked) until retention deletes it.
 */
export const requestStatusLinks = sqliteTable(
  "request_status_links",
  {
    ...requestRowColumns(),
    /** SHA-256 of the token, lowercase hex. */
    tokenHash: text("token_hash").notNull(),
    revokedAt: text("revoked_at"),
    /**
     * The token, AES-GCM under a key derived from JWT_SECRET (base64url iv.ciphertext), kept
     * while the link is live so that its e-mails (the confirmation, a message from the artist)
     * can carry the link, retries included; erased when the link is revoked.
     */
    threadToken: text("thread_token"),
  },
  (table) => [
    uniqueIndex("request_status_links_token_idx").on(table.tokenHash),
    newestOfRequestIndex("request_status_links_submission_idx", table),
    index("request_status_links_revoked_idx").on(table.revokedAt),
  ],
);

/**
 * One row per studio day (America/New_York) on which the artist was sent the digest of overdue
 * requests: its primary key makes the digest once a day however many cron runs see the day. The
 * e-mail itself is a row of the mail queue, the day its subject, queued in the same batch.
 */
export const replyDigests = sqliteTable("reply_digests", {
  day: text("day").primaryKey(),
  overdue: integer("overdue").notNull(),
  createdAt: createdNow(),
});

export type RequestStatusLink = typeof requestStatusLinks.$inferSelect;
