/** The cheapest statement D1 must really run: proves the database answers. */
export async function pingDatabase(d1: D1Database): Promise<void> {
  await d1.prepare("SELECT 1 AS ok").first();
}
