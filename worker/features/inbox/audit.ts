import { drizzle } from "drizzle-orm/d1";
import { withSubjects } from "./audit-queries";
import { listAudit } from "./queries";

/** One page of the admins' changes, newest first, each naming whose submission it was. */
export async function auditPage(d1: D1Database, page: { before?: number | undefined; limit: number }) {
  const db = drizzle(d1);
  const { items, nextBefore } = await listAudit(db, page);
  return { items: await withSubjects(db, items), nextBefore };
}
