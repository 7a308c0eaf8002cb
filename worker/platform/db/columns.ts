import { sql } from "drizzle-orm";

/** UTC ISO-8601 with milliseconds, set by the database so no client clock is trusted. */
export const utcNow = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** A CHECK constraint's list of allowed values; they are the project's own constants, never input. */
export const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));
