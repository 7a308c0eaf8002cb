import { type AnySubmissionKind, submissionKinds } from "../../../shared/submission-kinds";
import { formatDateTime } from "../../lib/format";
import type { Collection, InboxItem } from "./api";

/**
 * The inbox reads everything it shows of a kind from the kind's descriptor: its tab, its status
 * chips and buttons, the fields of an opened card and the summary of a closed one. A new kind
 * appears here without an edit.
 */
export const inboxKinds = submissionKinds;

export const kindOf = (collection: Collection): AnySubmissionKind =>
  inboxKinds.find((kind) => kind.collection === collection) ?? inboxKinds[0];

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A tab's title: the kind's label in the plural, each word capitalized ("Contact Messages"). */
export const tabLabel = (kind: AnySubmissionKind) => `${kind.label.split(" ").map(capitalize).join(" ")}s`;

export const statusLabel = capitalize;

/** An item's fields by column name, as the descriptor names them. */
const columnsOf = (item: InboxItem): Readonly<Record<string, unknown>> => item;

/** The line under the name on a collapsed card: what the person asked for. */
export const summaryOf = (kind: AnySubmissionKind, item: InboxItem) =>
  show(columnsOf(item)[kind.summaryColumn]);

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}

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

/** A field of an opened card: its label, its text, and the column it comes from (for highlights). */
type Field = [label: string, text: string, column?: string];

/** Every field of an opened card: the common ones around the kind's own. */
export function fieldsOf(kind: AnySubmissionKind, item: InboxItem): Field[] {
  const columns = columnsOf(item);
  const responded = show(columns.respondedAt);
  return [
    ["E-mail", item.email, "email"],
    ...kind.fields.map((field): Field => [field.label, show(columns[field.column]), field.column]),
    ["Received", formatDateTime(item.createdAt)],
    ["Last updated", formatDateTime(item.updatedAt)],
    ...(kind.stampsResponse
      ? [
          [
            "Responded",
            responded === "—" ? "—" : `${formatDateTime(responded)} by ${columns.respondedBy ?? "?"}`,
          ] as Field,
        ]
      : []),
    ["Notification", notificationText(item)],
  ];
}
