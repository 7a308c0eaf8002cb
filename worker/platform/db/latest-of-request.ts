/**
 * A column of the newest row a request owns (its latest quote, deposit or session), as a
 * correlated subquery over `r`, the request's row, in raw SQL read models. Table and column
 * names are the project's own constants, never input; each of those tables is indexed by
 * (submission_id, created_at), so the subquery is one index seek.
 */
export const latestOfRequest = (table: "quotes" | "deposits" | "bookings", column: string) =>
  `(SELECT ${column} FROM ${table} x WHERE x.submission_id = r.id ORDER BY x.created_at DESC LIMIT 1)`;
