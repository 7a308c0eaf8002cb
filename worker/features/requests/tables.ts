import { sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { z } from "../../../shared/schemas/z";
import type { SubmissionKind } from "../../../shared/submission-kinds";
import { createdNow, inList, textId, updatedNow } from "../../platform/db/columns";

/** The columns every kind of submission has, whatever its form asks. */
const commonColumns = () => ({
  id: textId(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  createdAt: createdNow(),
  updatedAt: updatedNow(),
  adminNotes: text("admin_notes"),
});

/**
 * A kind's table from its descriptor: the common columns, a status limited to the kind's
 * statuses, the kind's own columns, and the two indexes the admin list reads by (status, then
 * newest first). Boolean columns get a 0/1 check, as SQLite would store anything there.
 */
export function submissionTable<const K extends SubmissionKind>(kind: K) {
  const own = kind.columns({ text, integer, real }) as ReturnType<K["columns"]>;
  return sqliteTable(
    kind.table as K["table"],
    {
      ...commonColumns(),
      status: text("status", { enum: kind.statuses as K["statuses"] })
        .notNull()
        .default(kind.initialStatus as K["statuses"][number]),
      ...own,
    },
    (table) => [
      check(`${kind.table}_status_check`, sql`${table.status} IN (${inList(kind.statuses)})`),
      ...Object.entries(own)
        .filter(([, column]) => (column as { config?: { dataType?: string } }).config?.dataType === "boolean")
        .map(([key]) =>
          check(
            legacyCheckNames[`${kind.table}.${key}`] ?? `${kind.table}_${snakeCase(key)}_check`,
            sql`${(table as unknown as Record<string, never>)[key]} IN (0, 1)`,
          ),
        ),
      // The id ends each index because the list pages by (created_at, id): a page boundary
      // between two rows of the same millisecond is found in the index, with no sort.
      index(`${kind.table}_status_created_idx`).on(table.status, table.createdAt, table.id),
      index(`${kind.table}_created_idx`).on(table.createdAt, table.id),
      // A client's history finds their rows by address, whatever its case.
      index(`${kind.table}_email_idx`).on(sql`lower(${table.email})`),
    ],
  );
}

/**
 * Constraint names the first migration chose before tables were built from descriptors; a
 * renamed CHECK would make drizzle-kit rebuild the table, so these keep their names.
 */
const legacyCheckNames: Record<string, string> = {
  "contact_submissions.newsletterSignup": "contact_submissions_newsletter_check",
};

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The shape every kind's table shares, for queries that work on any kind. */
export type CommonSubmissionTable = ReturnType<
  typeof submissionTable<SubmissionKind<string, string, z.ZodType, Record<never, never>>>
>;
