/** The artist's inbox of submissions; admin/pages/consultations.tsx lays it out. */
export type { InboxItem, ItemChange } from "./api";
export { AuditLog } from "./audit-log";
export { InboxCard } from "./inbox-card";
export { InboxToolbar } from "./inbox-toolbar";
export { inboxKinds, kindOf, tabLabel } from "./kinds";
export { clearNoteDrafts } from "./note-drafts";
export { InspectorExport } from "./release-form";
export { useInboxList } from "./use-inbox-list";
