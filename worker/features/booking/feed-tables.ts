import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdNow, textId } from "../../platform/db/columns";

/**
 * The artist's private calendar feed (docs/decisions/030-calendar-feed.md): its address holds a
 * token of 256 random bits, of which only the SHA-256 is kept, so the address is shown once, when
 * made. Making a new one revokes the old; a revoked row stays (its time shows when it stopped).
 */
export const calendarFeeds = sqliteTable(
  "calendar_feeds",
  {
    id: textId(),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdNow(),
    revokedAt: text("revoked_at"),
  },
  (table) => [
    uniqueIndex("calendar_feeds_token_idx").on(table.tokenHash),
    index("calendar_feeds_created_idx").on(table.createdAt),
  ],
);
