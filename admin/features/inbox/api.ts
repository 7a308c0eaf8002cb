import type { InferResponseType } from "hono/client";
import { submissionUpdateSchema } from "../../../shared/admin";
import type { QuoteInput } from "../../../shared/schemas/quotes";
import type { AnySubmissionKind } from "../../../shared/submission-kinds";
import { api, client } from "../../lib/api";

const admin = client.api.admin;

/** An inbox, named by its kind's collection ("consultations", "contacts"). */
export type Collection = AnySubmissionKind["collection"];
type Endpoint = (typeof admin)[Collection];

type InboxPage = InferResponseType<Endpoint["$get"], 200>;

/** One run of a matched field: the parts that matched the search are marked. */
interface Highlight {
  field: string;
  segments: { text: string; match: boolean }[];
}
export type InboxItem = InboxPage["items"][number] & { highlights?: Highlight[] };

/** One inbox's rows per status, and all of them. */
export type KindCounts = Record<string, number> & { all: number };

export interface ListFilters {
  status: string;
  q: string;
  /** One item alone, by its id (the card a link from Today or a notice opens). */
  id?: string;
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
    ...(filters.id ? { id: filters.id } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

const sumCounts = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** How many items each inbox holds, for the tabs. */
export type InboxTotals = Partial<Record<Collection, number>>;

/**
 * The counts of a list answer. The list answers either with the counts of the inbox asked for
 * (`all` plus one per status, of what the search matches) and every inbox's size as `totals`,
 * or, from an older worker, with every inbox's counts by collection; both read the same here.
 */
function countsOf(collection: Collection, answer: { counts?: unknown; totals?: unknown }) {
  const record = (answer.counts ?? {}) as Record<string, unknown>;
  if (typeof record.all === "number")
    return { counts: record as KindCounts, totals: (answer.totals ?? {}) as InboxTotals };
  const byKind = record as Record<string, Record<string, number>>;
  const totals = Object.fromEntries(Object.entries(byKind).map(([k, c]) => [k, sumCounts(c)])) as InboxTotals;
  const own = byKind[collection] ?? {};
  return { counts: { ...own, all: sumCounts(own) } as KindCounts, totals };
}

export interface ListPage {
  items: InboxItem[];
  /** Consultation requests with an answer from the client the artist has not opened. */
  unreadThreads: number;
  nextCursor: string | null;
  counts: KindCounts;
  totals: InboxTotals;
}

/** One page of an inbox, newest first (best match first when searching, unless the search matches most of the inbox), with its counts. */
export async function listInbox(
  collection: Collection,
  filters: ListFilters,
  options: { cursor?: string; limit?: number } = {},
): Promise<ListPage> {
  const query = { ...listQuery(filters, options.cursor), limit: String(options.limit ?? 20) };
  const page = await api(admin[collection].$get({ query }));
  const unreadThreads = (page as { unreadThreads?: number }).unreadThreads ?? 0;
  return { items: page.items, nextCursor: page.nextCursor, unreadThreads, ...countsOf(collection, page) };
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

/** A change the artist makes to one item: its status, its notes, or both. */
export interface ItemChange {
  status?: string;
  adminNotes?: string | null;
}

/**
 * Changes an item's status or notes. The change goes through the same schema the route checks,
 * so a change the server would refuse is refused here with the same message.
 */
export async function updateItem(kind: AnySubmissionKind, id: string, change: ItemChange) {
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

/** Revokes a consultation request's private status page; answers its state afterwards. */
export async function revokeStatusLink(id: string) {
  return api(admin.consultations[":id"]["status-link"].revoke.$post({ param: { id } }));
}

/** E-mails the client a new link; the ones before it stop working. */
export async function sendNewStatusLink(id: string) {
  return api(admin.consultations[":id"]["status-link"].$post({ param: { id } }));
}

/** A request's conversation and the artist's templates, filled in for its client. */
type Conversation = InferResponseType<(typeof admin.consultations)[":id"]["messages"]["$get"], 200>;
export type ConversationMessage = Conversation["messages"][number];

export function loadConversation(id: string) {
  return api(admin.consultations[":id"].messages.$get({ param: { id } }));
}

/** Sends the artist's message; the client is e-mailed an excerpt and the link. */
export async function sendMessage(id: string, body: string) {
  const { message } = await api(admin.consultations[":id"].messages.$post({ param: { id }, json: { body } }));
  return message;
}

/** Opening the card: the client's answers count as read. */
export function markConversationRead(id: string) {
  return api(admin.consultations[":id"].messages.read.$post({ param: { id } }));
}

export type ReplyTemplate = InferResponseType<
  (typeof admin)["reply-templates"]["$get"],
  200
>["templates"][number];

export async function saveTemplate(template: { id?: string; title: string; body: string }) {
  const json = { title: template.title, body: template.body };
  const answer = template.id
    ? await api(admin["reply-templates"][":id"].$put({ param: { id: template.id }, json }))
    : await api(admin["reply-templates"].$post({ json }));
  return answer.template;
}

export async function deleteTemplate(id: string) {
  await api(admin["reply-templates"][":id"].$delete({ param: { id } }));
}

export async function listTemplates() {
  return (await api(admin["reply-templates"].$get())).templates;
}

/** A request's open quote, its paid deposit, the policy's deposit and whether cards can be taken. */
export type QuoteState = InferResponseType<(typeof admin.consultations)[":id"]["quote"]["$get"], 200>;

export function loadQuote(id: string) {
  return api(admin.consultations[":id"].quote.$get({ param: { id } }));
}

/** Sends a quote (the open one is withdrawn); the client is told in the conversation and by e-mail. */
export function sendQuote(id: string, json: QuoteInput) {
  return api(admin.consultations[":id"].quotes.$post({ param: { id }, json }));
}

/**
 * The deposit was paid in cash at the studio; with the client's date of birth from their ID when
 * the quote carries none (the studio takes no deposit before it).
 */
export function markDepositReceived(id: string, clientBornOn?: string) {
  return api(
    admin.consultations[":id"].deposit.received.$post({
      param: { id },
      json: clientBornOn ? { clientBornOn } : {},
    }),
  );
}

export type ClientHistory = InferResponseType<(typeof admin.clients.of)[":id"]["$get"], 200>;
export const loadClientHistory = (id: string) => api(admin.clients.of[":id"].$get({ param: { id } }));
export const mergeClientAddress = (id: string, email: string) =>
  api(admin.clients.of[":id"].addresses.$post({ param: { id }, json: { email } }));
