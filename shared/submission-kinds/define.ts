import type { integer, real, SQLiteColumnBuilderBase, text } from "drizzle-orm/sqlite-core";
import type { z } from "../schemas/z";

/** drizzle's SQLite column builders, handed to a descriptor's `columns`. */
interface ColumnBuilders {
  text: typeof text;
  integer: typeof integer;
  real: typeof real;
}

/**
 * Everything the project knows about one kind of submission, written once: the form's schema,
 * how a valid form becomes a row, the statuses the artist moves it through, what the admin
 * lists, searches and exports, the e-mail the artist gets, and how long rows are kept. The
 * worker builds the table, the public endpoint, the admin endpoints, the CSV, the notification
 * and the retention rule from it; a new kind is one of these plus its form.
 *
 * Columns every kind has (id, name, email, status, created_at, updated_at, admin_notes) are
 * added by the table builder; `columns` lists only the kind's own.
 */
export interface SubmissionKind<
  Name extends string = string,
  Status extends string = string,
  Schema extends z.ZodType = z.ZodType,
  Columns extends Record<string, SQLiteColumnBuilderBase> = Record<string, SQLiteColumnBuilderBase>,
  Collection extends string = string,
  Path extends string = string,
> {
  /** Singular name, stored in the outbox and the audit log ("contact"). */
  name: Name;
  /** The public endpoint /api/<path>; also the idempotency and rate-limit scope. */
  path: Path;
  /** The admin endpoint /api/admin/<collection>, its counts key and its CSV file name. */
  collection: Collection;
  /** The table's SQL name. */
  table: string;
  /** How the artist calls one, in messages ("contact message"). */
  label: string;
  schema: Schema;
  /**
   * The kind's own columns, from the column builders the worker passes in: shared code stays
   * free of the database library at run time, so the browser bundles never carry it.
   */
  columns: (column: ColumnBuilders) => Columns;
  /** A valid form's values for the kind's own columns (name and email are copied as they are). */
  toRow: (data: z.output<Schema>) => Record<string, unknown>;
  statuses: readonly [Status, ...Status[]];
  /** A new submission's status; it also counts as waiting for the artist. */
  initialStatus: Status;
  /** The status that means the artist has dealt with it (for the response rate). */
  answeredStatus: Status;
  /** Moving to answeredStatus stamps responded_at and responded_by (columns the kind declares). */
  stampsResponse?: boolean;
  /** The form's configuration also names where to book an appointment once the request is sent. */
  offersBooking?: boolean;
  /**
   * The submitted fields the artist reads, in the order the admin and the CSV show them; the
   * e-mail lists the short ones first and gives each `long` one a block of its own at the end.
   */
  fields: readonly {
    column: string;
    label: string;
    long?: boolean;
    /**
     * The column holds the id of a flash design: the admin and the e-mail show the design by
     * its title (from the published sheet), and say so when it is no longer on the sheet.
     */
    refersTo?: "flash";
  }[];
  /** The field a collapsed list entry shows. */
  summaryColumn: string;
  /**
   * Columns the admin search box matches through the kind's full-text index, most telling
   * first. The index is written by hand in a migration, with these columns in this order and
   * the phone's bare digits after them; a worker test holds the two equal.
   */
  searchColumns: readonly string[];
  notification: {
    subject: (name: string) => string;
    intro: string;
  };
  /** Rows older than this are deleted by the scheduled clean-up (the privacy policy's period). */
  retentionDays: number;
}

/** Keeps every literal of a descriptor (names, statuses) in its type. */
export const defineSubmissionKind = <
  const Name extends string,
  const Status extends string,
  Schema extends z.ZodType,
  Columns extends Record<string, SQLiteColumnBuilderBase>,
  const Collection extends string,
  const Path extends string,
>(
  kind: SubmissionKind<Name, Status, Schema, Columns, Collection, Path>,
) => kind;

/** The CSV columns of a kind: the common ones around its own fields, in a stable order. */
export function csvColumns(kind: SubmissionKind): string[] {
  return [
    "id",
    "createdAt",
    "updatedAt",
    "status",
    "name",
    "email",
    ...kind.fields.map((field) => field.column),
    "adminNotes",
    ...(kind.stampsResponse ? ["respondedAt", "respondedBy"] : []),
  ];
}
