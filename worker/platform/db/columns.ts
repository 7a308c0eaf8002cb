import { sql } from "drizzle-orm";
import { check, integer, type SQLiteColumn, text } from "drizzle-orm/sqlite-core";

/** UTC ISO-8601 with milliseconds, set by the database so no client clock is trusted. */
export const utcNow = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** A CHECK constraint's list of allowed values; they are the project's own constants, never input. */
export const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

// Columns most tables share. Each is a function so every table gets a builder of its own: drizzle
// binds a column builder to the one table it is placed in.

/** A text id as the primary key: a random one the worker makes, or one given (a passkey's credential id). */
export const textId = () => text("id").primaryKey();

/** A row number SQLite hands out, for logs whose rows nothing else points at. */
export const rowNumber = () => integer("id").primaryKey({ autoIncrement: true });

/** When the row was written, stamped by the database. */
export const createdNow = () => text("created_at").notNull().default(utcNow);

/** When the row last changed, stamped by the database. */
export const updatedNow = () => text("updated_at").notNull().default(utcNow);

/**
 * When the row was written, or last changed, stamped by the worker: for rows whose batch uses the
 * same instant elsewhere (the mail it queues, the audit entry it writes).
 */
export const createdGiven = () => text("created_at").notNull();
export const updatedGiven = () => text("updated_at").notNull();

/** The start and end of a session's time (UTC ISO-8601). */
export const timeSpan = () => ({
  startsAt: text("starts_at").notNull(),
  endsAt: text("ends_at").notNull(),
});

/** A stored image's size in pixels. */
export const pixelSize = () => ({
  width: integer("width").notNull(),
  height: integer("height").notNull(),
});

/** A row's place in its lifecycle: one of `values` (held to them by a `checkOneOf`), `initial` when written. */
export const statusColumn = <const V extends readonly [string, ...string[]]>(values: V, initial: V[number]) =>
  text("status", { enum: values }).notNull().default(initial);

/** The CHECK constraint `name` holding `column` to one of `values`. */
export const checkOneOf = (name: string, column: SQLiteColumn, values: readonly string[]) =>
  check(name, sql`${column} IN (${inList(values)})`);

/**
 * A counter under a keyed hash of who is counted and their window (the submissions' rate limit,
 * the measurements' daily allowance): the key is the row, so concurrent requests meet in one
 * upsert. Each table adds the window its cron sweeps by.
 */
export const keyedCount = () => ({
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
});
