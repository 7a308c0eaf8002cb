import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdNow, textId, utcNow } from "./columns";

/**
 * The artist's devices that take push notifications (docs/decisions/031-push-notifications.md):
 * each subscription as the browser's PushManager gave it (the push service's endpoint, the
 * browser's P-256 key and auth secret, which encrypt every message to that device alone) and the
 * kinds of notice she turned on there. A subscription the push service says is gone is deleted;
 * one not reached for 180 days goes by retention.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: textId(),
    adminId: text("admin_id").notNull(),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** The kinds of notice turned on, as a JSON array of push topics. */
    topics: text("topics").notNull(),
    /** How the device named itself ("iPhone · Safari"), so she can tell her devices apart. */
    label: text("label").notNull(),
    createdAt: createdNow(),
    /** Made, changed or last reached by a push: what retention measures. */
    seenAt: text("seen_at").notNull().default(utcNow),
  },
  (table) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(table.endpoint),
    index("push_subscriptions_seen_idx").on(table.seenAt),
  ],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
