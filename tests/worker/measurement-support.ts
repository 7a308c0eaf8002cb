import { env } from "cloudflare:test";
import { expect } from "vitest";

/** The fields a refusal names. */
export const fieldsOf = async (response: Response) =>
  Object.keys(((await response.json()) as { error: { fields?: Record<string, string> } }).error.fields ?? {});

/** How each table's rows of a session are listed: vitals by name, events as they came. */
const listedBy = { web_vital_reports: "name", site_events: "id" };

/** The columns named of what the metrics database kept in a table for one browser session. */
export async function keptFor(sessionId: string, table: keyof typeof listedBy, columns: string) {
  const { results } = await env.METRICS_DB.prepare(
    `SELECT ${columns} FROM ${table} WHERE session_id = ? ORDER BY ${listedBy[table]}`,
  )
    .bind(sessionId)
    .all();
  return results;
}

/** How many items a beacon's answer says were kept; the answer must be the 202 of an accepted beacon. */
export async function storedBy(response: Response) {
  expect(response.status).toBe(202);
  return ((await response.json()) as { stored: number }).stored;
}
