import type { InferResponseType } from "hono/client";
import { submissionUpdateSchema } from "../../../shared/admin";
import type { AnySubmissionKind } from "../../../shared/submission-kinds";
import { api, client } from "../../lib/api";

const admin = client.api.admin;

/** An inbox, named by its kind's collection ("consultations", "contacts"). */
export type Collection = AnySubmissionKind["collection"];
type Endpoint = (typeof admin)[Collection];

type InboxPage = InferResponseType<Endpoint["$get"], 200>;
export type InboxItem = InboxPage["items"][number];
/** Rows per status that the current search matches, and `all` of them whatever the status. */
export type InboxCounts = Record<string, number>;
/** Every inbox's size, by collection, for the tabs. */
export type InboxTotals = InboxPage["totals"];

export interface ListFilters {
  status: string;
  q: string;
}

/**
 * Each kind's endpoint accepts only its own statuses, so called through the union of every
 * kind's endpoint TypeScript would accept none. The status always comes from the same kind's
 * descriptor (its filter chips and status buttons), and the server refuses any other with a 400.
 */
const ofTheKind = (status: string) => status as never;

/** The list's query: empty filters are left out, as a bare URL means "everything". */
function listQuery(filters: ListFilters, cursor?: string) {
  return {
    ...(filters.status ? { status: ofTheKind(filters.status) } : {}),
    ...(filters.q ? { q: filters.q } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/** One page (20 items) of an inbox, newest first, with the counts of every inbox. */
export function listInbox(collection: Collection, filters: ListFilters, cursor?: string): Promise<InboxPage> {
  return api(admin[collection].$get({ query: { ...listQuery(filters, cursor), limit: "20" } }));
}

/** The CSV export of the filtered list: a plain link, so the browser downloads it. */
export function exportPath(collection: Collection, filters: ListFilters): string {
  // Every kind's export takes the same query; seen through the union of kinds, `$path` has no
  // single signature to call, so it is called through the one they share.
  const path = admin[collection]["export.csv"].$path as (args: {
    query: Record<string, string | undefined>;
  }) => string;
  return path({ query: listQuery(filters) });
}

/**
 * Changes an item's status or notes. The change goes through the same schema the route checks,
 * so a change the server would refuse is refused here with the same message.
 */
export async function updateItem(
  kind: AnySubmissionKind,
  id: string,
  change: { status?: string; adminNotes?: string | null },
) {
  const { status, ...notes } = submissionUpdateSchema(kind).parse(change);
  const json = { ...notes, ...(status === undefined ? {} : { status: ofTheKind(status) }) };
  await api(admin[kind.collection][":id"].$patch({ param: { id }, json }));
}

/** The 25 most recent changes made in the inbox, by whom. */
export type AuditEntry = InferResponseType<typeof admin.audit.$get, 200>["items"][number];
export async function recentChanges(): Promise<AuditEntry[]> {
  const { items } = await api(admin.audit.$get({ query: { limit: "25" } }));
  return items;
}
