import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdNow } from "../../platform/db/columns";

/**
 * A client's second e-mail address, merged into the first (docs/decisions/032-client-history.md):
 * the history of either shows both. Addresses are kept lowercased. Nothing is copied: each
 * request and message keeps its own row and its own retention; this row only joins two
 * addresses, and goes when the artist unmerges them or three years after it was made.
 */
export const clientAliases = sqliteTable("client_aliases", {
  email: text("email").primaryKey(),
  mergedInto: text("merged_into").notNull(),
  createdAt: createdNow(),
});
