import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { maxMessageChars } from "../../../shared/schemas/messages";
import { checkOneOf, createdNow, textId, updatedNow } from "../../platform/db/columns";
import { requestOwner } from "../requests/kind-tables";

/** Who wrote a message of a request's conversation. */
export const messageAuthors = ["artist", "client"] as const;
export type MessageAuthor = (typeof messageAuthors)[number];

/**
 * The conversation on a consultation request (docs/decisions/019-request-conversation.md): one
 * row per message, newest last. `read_at` is when the other side first saw it. The one e-mail that
 * tells the other side of it (an excerpt and the link) is a row of the mail queue under the
 * message's own id, queued in the batch that saves the message, so a failing e-mail never loses
 * it. Rows go with their request (retention).
 */
export const requestMessages = sqliteTable(
  "request_messages",
  {
    id: textId(),
    submissionId: requestOwner(),
    author: text("author", { enum: messageAuthors }).notNull(),
    body: text("body").notNull(),
    createdAt: createdNow(),
    readAt: text("read_at"),
  },
  (table) => [
    checkOneOf("request_messages_author_check", table.author, messageAuthors),
    check(
      "request_messages_body_length_check",
      sql`length(${table.body}) <= ${sql.raw(String(maxMessageChars))}`,
    ),
    index("request_messages_thread_idx").on(table.submissionId, table.createdAt),
    index("request_messages_unread_idx").on(table.author, table.readAt),
  ],
);

/**
 * The artist's reply templates, editable in the inbox. `{firstName}` in a body is filled in with
 * the client's first name when the template is picked.
 */
export const replyTemplates = sqliteTable("reply_templates", {
  id: textId(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  position: integer("position").notNull().default(0),
  updatedAt: updatedNow(),
});

export type RequestMessage = typeof requestMessages.$inferSelect;
export type ReplyTemplate = typeof replyTemplates.$inferSelect;
