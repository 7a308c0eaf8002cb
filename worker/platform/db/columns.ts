import { sql } from "drizzle-orm";
import { integer, text } from "drizzle-orm/sqlite-core";

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
