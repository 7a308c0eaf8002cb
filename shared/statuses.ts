/** Status workflows of the two inboxes (shell-and-admin.md 4). */
export const consultationStatuses = ["pending", "contacted", "scheduled", "completed", "cancelled"] as const;
export type ConsultationStatus = (typeof consultationStatuses)[number];

export const contactStatuses = ["unread", "read", "responded", "archived"] as const;
export type ContactStatus = (typeof contactStatuses)[number];
