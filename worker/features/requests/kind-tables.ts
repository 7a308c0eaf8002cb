import { text } from "drizzle-orm/sqlite-core";
import { consultationKind, contactKind } from "../../../shared/submission-kinds";
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
