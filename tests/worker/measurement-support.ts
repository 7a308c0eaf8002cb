import { env } from "cloudflare:test";
import { expect } from "vitest";

/** The fields a refusal names. */
export const fieldsOf = async (response: Response) =>
  Object.keys(((await response.json()) as { error: { fields?: Record<string, string> } }).error.fields ?? {});

/** What the metrics database kept for one browser session: `select` ends in its WHERE session_id = ?. */
export async function keptFor(sessionId: string, select: string) {
  const { results } = await env.METRICS_DB.prepare(select).bind(sessionId).all();
  return results;
}

/** How many items a beacon's answer says were kept; the answer must be the 202 of an accepted beacon. */
export async function storedBy(response: Response) {
  expect(response.status).toBe(202);
  return ((await response.json()) as { stored: number }).stored;
}
