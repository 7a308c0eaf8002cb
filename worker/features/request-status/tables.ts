import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { inList, utcNow } from "../../platform/db/columns";
import { consultationRequests } from "../requests/kind-tables";

/** Where an e-mail of this file's tables stands. */
export const linkMailStatuses = ["pending", "sent", "failed"] as const;

/**
 * The private status pages of consultation requests (docs/decisions/018-request-status-links.md):
 * one row per link, holding only the SHA-256 of its token, never the token. Until the client's
 * confirmation e-mail is delivered, `mail_token` holds the token encrypted under a key derived
 * from JWT_SECRET, so the cron can retry it; it is erased once the e-mail is sent or given up.
 * A revoked link keeps its row (the admin shows it as revoked) until retention deletes it.
 */
export const requestStatusLinks = sqliteTable(
  "request_status_links",
  {
    id: text("id").primaryKey(),
    submissionId: text("submission_id")
      .notNull()
      .references(() => consultationRequests.id, { onDelete: "cascade" }),
    /** SHA-256 of the token, lowercase hex. */
    tokenHash: text("token_hash").notNull(),
    createdAt: text("created_at").notNull().default(utcNow),
    revokedAt: text("revoked_at"),
    mailStatus: text("mail_status", { enum: linkMailStatuses }).notNull().default("pending"),
    mailAttempts: integer("mail_attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at").notNull().default(utcNow),
    /** AES-GCM ciphertext of the token (base64url iv.ciphertext) until the e-mail is settled. */
    mailToken: text("mail_token"),
    lastError: text("last_error"),
    /**
     * The same token sealed the same way, kept while the link is live so that each later e-mail
     * (a message from the artist) can carry the link; erased when the link is revoked.
     */
    threadToken: text("thread_token"),
  },
  (table) => [
    check(
      "request_status_links_mail_status_check",
      sql`${table.mailStatus} IN (${inList(linkMailStatuses)})`,
    ),
    uniqueIndex("request_status_links_token_idx").on(table.tokenHash),
    index("request_status_links_submission_idx").on(table.submissionId, table.createdAt),
    index("request_status_links_mail_due_idx").on(table.mailStatus, table.nextAttemptAt),
    index("request_status_links_revoked_idx").on(table.revokedAt),
  ],
);

/**
 * One row per studio day (America/New_York) on which the artist was sent the digest of overdue
 * requests: its primary key makes the digest once a day however many cron runs see the day.
 */
export const replyDigests = sqliteTable("reply_digests", {
  day: text("day").primaryKey(),
  overdue: integer("overdue").notNull(),
  createdAt: text("created_at").notNull().default(utcNow),
  mailStatus: text("mail_status", { enum: linkMailStatuses }).notNull().default("pending"),
  mailAttempts: integer("mail_attempts").notNull().default(0),
  nextAttemptAt: text("next_attempt_at").notNull().default(utcNow),
  lastError: text("last_error"),
});

export type RequestStatusLink = typeof requestStatusLinks.$inferSelect;
