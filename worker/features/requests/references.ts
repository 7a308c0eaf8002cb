import { type FlashReference, flashReference } from "../../../shared/content/flash-reference";
import type { StudioContent } from "../../../shared/schemas/content";
import type { AnySubmissionKind } from "../../../shared/submission-kinds";
import { contentFromModules } from "../content/seed";
import { latestPublishedContent } from "../content/service";

/** What a submission's referring columns name, by column: today only flash designs. */
type SubmissionReferences = Record<string, FlashReference>;

/** The columns of a kind that hold the id of something on the site (a flash design). */
const referringColumns = (kind: AnySubmissionKind) =>
  kind.fields.filter((field) => field.refersTo === "flash").map((field) => field.column);

/**
 * For each row, what its referring columns name, read from the live content (the sheet as
 * visitors see it now; before the first publish, the content the site shipped with). One query,
 * and none when no row names anything.
 */
export async function submissionReferences(
  db: D1Database,
  kind: AnySubmissionKind,
  rows: readonly object[],
): Promise<SubmissionReferences[]> {
  const columns = referringColumns(kind);
  // A row's columns by name, as the descriptor names them.
  const named = (row: object) =>
    columns.filter((column) => {
      const value = (row as Record<string, unknown>)[column];
      return typeof value === "string" && value !== "";
    });
  if (!rows.some((row) => named(row).length > 0)) return rows.map(() => ({}));
  const content: StudioContent = (await latestPublishedContent(db))?.content ?? contentFromModules();
  return rows.map((row) =>
    Object.fromEntries(
      named(row).map((column) => [
        column,
        flashReference(content, String((row as Record<string, unknown>)[column])),
      ]),
    ),
  );
}
