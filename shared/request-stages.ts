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

/**
 * The stage the client sees: the inbox status's, moved on by what the quote and booking tables
 * say. A declined request stays declined; a stage is never moved back.
 */
export function stageOf(status: string, journey: RequestJourney): RequestStage {
  const stage = consultationStage[status as ConsultationStatus] ?? "received";
  if (stage === "declined") return stage;
  // A session done, then one booked, say where it is whatever the inbox status says.
  if (journey.booking === "completed") return "completed";
  if (journey.booking === "booked") return "booked";
  const at = (candidate: RequestStage) => requestStages.indexOf(candidate);
  // A quote sent and not withdrawn: the request is quoted, unless it is already further on.
  if (journey.quote && journey.quote !== "withdrawn" && at(stage) < at("quoted")) return "quoted";
  return stage;
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

/** What happens next, in the studio's voice, for a request at each stage. */
export const stageNext: Record<RequestStage, string> = {
  received:
    "The artist reads every request personally and will call or e-mail you to talk through your idea and set up your free consultation.",
  reviewing: "The artist is looking over your idea and will be in touch shortly.",
  replied: "The artist has been in touch. If you missed the call or e-mail, reply to it or call the studio.",
  quoted:
    "You have a quote from the artist, below. Accept it to pay the deposit that holds your session, or ask her a question first.",
  booked: "Your session is booked. The studio will remind you of anything to prepare before the day.",
  completed: "Your session is done. Thank you for trusting the studio with your tattoo.",
  declined:
    "This request is closed. You are welcome to send a new one whenever you like, or call the studio with any question.",
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

/** Whether a request still waits for its first reply: the promise applies only then. */
export const awaitsReply = (status: string) => consultationStage[status as ConsultationStatus] === "received";

export type ReplyDue = "overdue" | "due-soon" | null;

/** Whether the reply to a request is overdue or nearly so, while it still waits for one. */
export function replyDue(row: { status: string; createdAt: string }, now: Date): ReplyDue {
  if (!awaitsReply(row.status)) return null;
  const left = Date.parse(replyDueAt(row.createdAt)) - now.getTime();
  if (left <= 0) return "overdue";
  return left < dueSoonHours * hour ? "due-soon" : null;
}
