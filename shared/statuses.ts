/**
 * Status workflows of the two inboxes. The first status of each list is the one a new submission
 * gets; the artist may move a submission to any other status (docs/product-rules.md).
 */
export const consultationStatuses = ["pending", "contacted", "scheduled", "completed", "cancelled"] as const;

export const contactStatuses = ["unread", "read", "responded", "archived"] as const;
