import { index, type SQLiteColumn, text } from "drizzle-orm/sqlite-core";
import { consultationKind, contactKind } from "../../../shared/submission-kinds";
import { createdNow, textId } from "../../platform/db/columns";
import { submissionTable } from "./tables";

/**
 * One table per kind of submission, built from its descriptor. In a file of their own so that
 * the tables whose rows belong to a request can reference it without importing the whole schema.
 * Those rows cascade from consultation_requests: a migration that rebuilds it would delete them
 * (docs/decisions/022-foreign-keys-for-request-rows.md).
 */
export const consultationRequests = submissionTable(consultationKind);
export const contactSubmissions = submissionTable(contactKind);

/** The consultation request a row belongs to: the row is deleted with it. */
export const requestOwner = () =>
  text("submission_id")
    .notNull()
    .references(() => consultationRequests.id, { onDelete: "cascade" });

/**
 * The columns every row a request keeps over time starts with (its quotes, deposits, sessions,
 * fees, saved cards, status links): a text id, the request that owns it, and when it was written.
 */
export const requestRowColumns = () => ({
  id: textId(),
  submissionId: requestOwner(),
  createdAt: createdNow(),
});

/** The index that finds a request's rows, newest first (what `newestOfRequest` reads by). */
export const newestOfRequestIndex = (
  name: string,
  table: { submissionId: SQLiteColumn; createdAt: SQLiteColumn },
) => index(name).on(table.submissionId, table.createdAt);
