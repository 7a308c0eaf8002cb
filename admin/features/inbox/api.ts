import type { InferResponseType } from "hono/client";
import { consultationUpdateSchema, contactUpdateSchema, type InboxKind } from "../../../shared/admin";
import { api, client } from "../../lib/api";

const admin = client.api.admin;

type ConsultationPage = InferResponseType<typeof admin.consultations.$get, 200>;
type ContactPage = InferResponseType<typeof admin.contacts.$get, 200>;
type ConsultationRequest = ConsultationPage["items"][number];
type ContactMessage = ContactPage["items"][number];
export type InboxItem = ConsultationRequest | ContactMessage;
export type InboxCounts = ConsultationPage["counts"];
export type AuditEntry = InferResponseType<typeof admin.audit.$get, 200>["items"][number];

export interface ListFilters {
  status: string;
  q: string;
}

/** The list's query: empty filters are left out, as a bare URL means "everything". */
function listQuery(filters: ListFilters, cursor?: string) {
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.q ? { q: filters.q } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/** One page (20 items) of an inbox, newest first, with the counts of both inboxes. */
export async function listInbox(kind: InboxKind, filters: ListFilters, cursor?: string) {
  const query = { ...listQuery(filters, cursor), limit: "20" };
  const page: ConsultationPage | ContactPage =
    kind === "consultations"
      ? await api(admin.consultations.$get({ query }))
      : await api(admin.contacts.$get({ query }));
  return page;
}

/** The CSV export of the filtered list: a plain link, so the browser downloads it. */
export function exportPath(kind: InboxKind, filters: ListFilters): string {
  const query = listQuery(filters);
  return kind === "consultations"
    ? admin.consultations["export.csv"].$path({ query })
    : admin.contacts["export.csv"].$path({ query });
}

/**
 * Changes an item's status or notes. The change goes through the same schema the route checks,
 * so a status from the other inbox is refused here with the server's message.
 */
export async function updateItem(
  kind: InboxKind,
  id: string,
  change: { status?: string; adminNotes?: string | null },
) {
  const param = { id };
  if (kind === "consultations") {
    await api(admin.consultations[":id"].$patch({ param, json: consultationUpdateSchema.parse(change) }));
  } else {
    await api(admin.contacts[":id"].$patch({ param, json: contactUpdateSchema.parse(change) }));
  }
}

/** The 25 most recent changes made in the inbox, by whom. */
export async function recentChanges(): Promise<AuditEntry[]> {
  const { items } = await api(admin.audit.$get({ query: { limit: "25" } }));
  return items;
}
