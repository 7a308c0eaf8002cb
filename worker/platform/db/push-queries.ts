import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { deleteRows, firstRow } from "./first-row";
import { pushSubscriptions } from "./push-tables";

/** Every device subscribed, newest first. */
export function allSubscriptions(d1: D1Database) {
  return drizzle(d1).select().from(pushSubscriptions).orderBy(pushSubscriptions.createdAt);
}

/** Saves a device's subscription, or replaces what the same endpoint had (a browser subscribing again). */
export async function saveSubscription(
  d1: D1Database,
  row: Omit<typeof pushSubscriptions.$inferInsert, "createdAt">,
) {
  await drizzle(d1)
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        adminId: row.adminId,
        p256dh: row.p256dh,
        auth: row.auth,
        topics: row.topics,
        label: row.label,
        seenAt: row.seenAt,
      },
    });
}

export function subscriptionByEndpoint(d1: D1Database, endpoint: string) {
  return firstRow(d1, pushSubscriptions, eq(pushSubscriptions.endpoint, endpoint));
}

export function deleteSubscription(d1: D1Database, endpoint: string): Promise<boolean> {
  return deleteRows(d1, pushSubscriptions, eq(pushSubscriptions.endpoint, endpoint));
}

export async function markReached(d1: D1Database, id: string, now: string) {
  await drizzle(d1).update(pushSubscriptions).set({ seenAt: now }).where(eq(pushSubscriptions.id, id));
}
