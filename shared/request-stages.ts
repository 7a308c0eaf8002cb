import { type RequestJourney as RowsJourney, stateOf, stateViews } from "./request-lifecycle";
import type { consultationStatuses } from "./statuses";

/**
 * What a client's private status page calls where their consultation request stands, read from
 * the inbox status the artist sets (docs/decisions/018-request-status-links.md), moved on by the
 * request's quote and booking (`stageOf`). The page shows the stages in this order; nothing
 * leads to "reviewing" yet, so the page leaves it out. A later status slots in by naming its
 * stage below: nothing else changes.
 */
const requestStages = [
  "received",
  "reviewing",
  "replied",
  "quoted",
  "booked",
  "completed",
  "declined",
] as const;
export type RequestStage = (typeof requestStages)[number];

type ConsultationStatus = (typeof consultationStatuses)[number];

/** Each inbox status as the client sees it. */
const consultationStage: Record<ConsultationStatus, RequestStage> = {
  pending: "received",
  contacted: "replied",
  scheduled: "booked",
  completed: "completed",
  cancelled: "declined",
};

/** The stages the quote and booking tables reach past the inbox statuses (stageOf below). */
const journeyStages: readonly RequestStage[] = ["quoted", "booked", "completed"];

/** The stages some status or the request's journey maps to, in order: the steps the page lists. */
export const shownStages: readonly RequestStage[] = requestStages.filter(
  (stage) => Object.values(consultationStage).includes(stage) || journeyStages.includes(stage),
);

/**
 * Where a request stands past the conversation, as its quote and booking say
 * (docs/decisions/020-quote-to-healed.md). The same values as the tables' status columns; the
 * worker's own types of them are assignable here.
 */
export interface RequestJourney {
  /** The latest quote's status, or null before the artist sent one. */
  quote: "sent" | "accepted" | "withdrawn" | null;
  /** The latest booking's status, or null before a session was booked. */
  booking: "booked" | "completed" | "cancelled" | null;
}

/** The step the client's page marks, as the request's lifecycle state names it. */
export function stageOf(status: string, journey: RequestJourney): RequestStage {
  return stateViews[stateOf({ status, deposit: null, ...journey })].stage;
}

export const stageLabels: Record<RequestStage, string> = {
  received: "Received",
  reviewing: "Reviewing",
  replied: "Replied",
  quoted: "Quoted",
  booked: "Booked",
  completed: "Completed",
  declined: "Declined",
};

/** The studio's promise: a first reply within this many hours of a request. */
export const replyWithinHours = 24;
/** Less than this left before the reply is due, and the inbox says it is due soon. */
const dueSoonHours = 4;

const hour = 3_600_000;

/** When the first reply to a request received at `createdAt` is due (UTC ISO-8601). */
export function replyDueAt(createdAt: string): string {
  return new Date(Date.parse(createdAt) + replyWithinHours * hour).toISOString();
}

export type ReplyDue = "overdue" | "due-soon" | null;

/**
 * Whether the reply to a request is overdue or nearly so, while it still waits for one: while its
 * lifecycle state (read from the status and, when known, its quote, deposit and session) keeps
 * the first-reply promise. A quote is an answer too.
 */
export function replyDue(
  row: { status: string; createdAt: string; journey?: RowsJourney | null },
  now: Date,
): ReplyDue {
  const journey = row.journey ?? { quote: null, deposit: null, booking: null };
  if (!stateViews[stateOf({ status: row.status, ...journey })].awaitsReply) return null;
  const left = Date.parse(replyDueAt(row.createdAt)) - now.getTime();
  if (left <= 0) return "overdue";
  return left < dueSoonHours * hour ? "due-soon" : null;
}
