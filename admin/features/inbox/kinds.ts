import type { InboxKind } from "../../../shared/admin";
import { consultationStatuses, contactStatuses } from "../../../shared/statuses";
import { formatDateTime } from "../../lib/format";
import type { InboxItem } from "./api";

/** What the inbox shows of each kind of submission: its tab, its statuses and its fields. */
export const inboxTabs: { kind: InboxKind; label: string }[] = [
  { kind: "consultations", label: "Consultation Requests" },
  { kind: "contacts", label: "Contact Messages" },
];

/** The statuses an item of this kind moves through, in workflow order. */
export const statusesOf = (kind: InboxKind): readonly string[] =>
  kind === "consultations" ? consultationStatuses : contactStatuses;

export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/** The line under the name on a collapsed card: what the person asked for. */
export const summaryOf = (item: InboxItem) => ("tattooIdea" in item ? item.tattooIdea : item.message);

/** How the e-mail to the artist about this submission went. */
function notificationText(item: InboxItem): string {
  const n = item.notification;
  if (!n) return "No notification queued";
  const tries = `${n.attempts} ${n.attempts === 1 ? "attempt" : "attempts"}`;
  switch (n.status) {
    case "sent":
      return `E-mailed ${n.sentAt ? formatDateTime(n.sentAt) : ""}`.trim();
    case "failed":
      return `Not delivered after ${tries}: check the mail settings`;
    case "retry":
      return `Delivery failed, retrying (${tries} so far)`;
    default:
      return "Queued for delivery";
  }
}

/** Every field of an opened card, as label and text. */
export function fieldsOf(item: InboxItem): [string, string][] {
  if ("tattooIdea" in item) {
    return [
      ["E-mail", item.email],
      ["Phone", item.phone],
      ["Tattoo idea", item.tattooIdea],
      ["Size", item.size ?? "—"],
      ["Placement", item.placement ?? "—"],
      ["Timeframe", item.timeframe ?? "—"],
      ["Experience", item.experience ?? "—"],
      ["Budget", item.budget ?? "—"],
      ["Availability", item.availability ?? "—"],
      ["Received", formatDateTime(item.createdAt)],
      ["Last updated", formatDateTime(item.updatedAt)],
      ["Notification", notificationText(item)],
    ];
  }
  return [
    ["E-mail", item.email],
    ["Phone", item.phone ?? "—"],
    ["Service interest", item.serviceInterest ?? "—"],
    ["Message", item.message],
    ["Newsletter", item.newsletterSignup ? "Yes" : "No"],
    ["Received", formatDateTime(item.createdAt)],
    ["Last updated", formatDateTime(item.updatedAt)],
    [
      "Responded",
      item.respondedAt ? `${formatDateTime(item.respondedAt)} by ${item.respondedBy ?? "?"}` : "—",
    ],
    ["Notification", notificationText(item)],
  ];
}
