import type { RequestStage } from "./request-stages";

/**
 * A consultation request's life, in one place: its states, what moves it from one to the next
 * (who acts, and the guard the worker enforces), and for each state what the client reads and
 * what the stage list shows. The status page reads this module; `docs/request-lifecycle.md` is
 * drawn from it (`npm run docs:lifecycle`, checked by the tests).
 *
 * The state is derived, never stored: from the inbox status the artist sets and the rows of the
 * request's latest quote, deposit and session, so no two places can disagree about it.
 */
export const lifecycleStates = [
  "received",
  "replied",
  "quoted",
  "accepted",
  "deposit-paid",
  "booked",
  "between-sessions",
  "session-cancelled",
  "completed",
  "declined",
] as const;
export type LifecycleState = (typeof lifecycleStates)[number];

/** Where a request's quote, deposit and session stand: the rows' side of the facts below. */
export type RequestJourney = Omit<RequestFacts, "status">;

/** What the state is read from: the tables' own values. */
export interface RequestFacts {
  /** The inbox status the artist sets. */
  status: string;
  /** The latest quote's status, or null before one was sent. */
  quote: "sent" | "accepted" | "withdrawn" | null;
  /** The latest deposit received (by card or by hand) and what became of it, or null. */
  deposit: "paid" | "forfeited" | "half-kept" | "refunded" | null;
  /** The latest session's status, or null before one was booked. */
  booking: "booked" | "completed" | "cancelled" | null;
  /**
   * Sessions of the accepted quote still to be done: a quote of several sessions books each in
   * turn. Absent or 0 when the quote is of one session, or all of them are done.
   */
  sessionsLeft?: number;
}

/** The request's state. A declined request stays declined; the session's row outranks the quote's. */
export function stateOf(facts: RequestFacts): LifecycleState {
  if (facts.status === "cancelled") return "declined";
  if (facts.booking === "completed") return (facts.sessionsLeft ?? 0) > 0 ? "between-sessions" : "completed";
  if (facts.booking === "booked") return "booked";
  if (facts.booking === "cancelled" && facts.quote === "accepted") return "session-cancelled";
  // Set by hand in the inbox with no session behind them (a walk-in, a request from before
  // booking): further on than any quote, so a stage is never moved back.
  if (facts.status === "completed") return "completed";
  if (facts.status === "scheduled") return "booked";
  if (facts.deposit === "paid") return "deposit-paid";
  if (facts.quote === "accepted") return "accepted";
  if (facts.quote === "sent") return "quoted";
  if (facts.status === "contacted") return "replied";
  return "received";
}

/** Who moves a request on. */
type Actor = "client" | "artist" | "payment provider" | "clock";

interface Transition {
  from: readonly LifecycleState[];
  to: LifecycleState;
  by: Actor;
  event: string;
  /** What must hold, enforced by the worker (empty when nothing does). */
  guard: string;
}

const open: readonly LifecycleState[] = ["received", "replied", "quoted", "accepted", "deposit-paid"];

export const transitions: readonly Transition[] = [
  { from: ["received"], to: "replied", by: "artist", event: "replies or marks it contacted", guard: "" },
  {
    from: ["received", "replied", "quoted", "accepted"],
    to: "quoted",
    by: "artist",
    event: "sends a quote",
    guard: "a new quote withdraws the open one and closes its payment page",
  },
  {
    from: ["quoted"],
    to: "accepted",
    by: "client",
    event: "accepts the quote",
    guard: "the quote the page showed is still the open one; a date of birth showing 18 or older",
  },
  {
    from: ["accepted"],
    to: "deposit-paid",
    by: "payment provider",
    event: "reports the deposit paid",
    guard:
      "signed, fresh, for the accepted quote's own payment page and amount; once (the page opens only with an adult's date of birth)",
  },
  {
    from: ["accepted"],
    to: "deposit-paid",
    by: "artist",
    event: "marks the deposit received",
    guard: "no deposit recorded yet; the client's date of birth (from their ID) showing 18 or older",
  },
  {
    from: ["deposit-paid", "session-cancelled"],
    to: "booked",
    by: "client",
    event: "books a time",
    guard: "a time the calendar offers now, claimed atomically; after a cancellation, a change left",
  },
  {
    from: ["between-sessions"],
    to: "booked",
    by: "client",
    event: "books the next session",
    guard: "a session of the quote left; a time the calendar offers now, claimed atomically",
  },
  {
    from: ["booked"],
    to: "booked",
    by: "client",
    event: "moves the session",
    guard:
      "48 hours' notice, three changes at most; the calendar event moves under its UID; the signed release form stays while its text is unchanged",
  },
  {
    from: ["booked"],
    to: "session-cancelled",
    by: "client",
    event: "cancels",
    guard: "at the deposit tier the page stated",
  },
  {
    from: ["booked"],
    to: "session-cancelled",
    by: "artist",
    event: "cancels",
    guard: "the deposit stays paid",
  },
  {
    from: ["booked"],
    to: "session-cancelled",
    by: "artist",
    event: "marks a no-show",
    guard:
      "the session has begun; confirmed with the fee; the deposit is forfeited; the fee charged to the card on file at most once",
  },
  {
    from: ["booked"],
    to: "completed",
    by: "artist",
    event: "marks the last session done",
    guard: "the session has begun; confirmed",
  },
  {
    from: ["booked"],
    to: "between-sessions",
    by: "artist",
    event: "marks a session done, more to come",
    guard: "the session has begun; confirmed",
  },
  {
    from: ["completed", "between-sessions"],
    to: "booked",
    by: "artist",
    event: "takes back done",
    guard: "within 15 minutes",
  },
  { from: open, to: "declined", by: "artist", event: "closes the request", guard: "" },
];

/** The payment the studio takes deposits by, as configured (Stripe keys, or none). */
export interface LifecycleSettings {
  onlinePayments: boolean;
}

export interface StateView {
  /** The step the page's list marks. */
  stage: RequestStage;
  /** The artist's card's badge: the state in a word or two. */
  badge: string;
  /** What happens next, in the studio's voice. */
  next(settings: LifecycleSettings): string;
  /** Whether the first-reply promise (and its lateness) still applies. */
  awaitsReply: boolean;
  /** What each side can do from here, on the client's page and on the artist's card. */
  actions: { client: readonly string[]; artist: readonly string[] };
}

/** While a quote waits for its deposit, the artist can replace it or take the deposit by hand. */
const artistWithQuoteOut = ["send a new quote", "mark the deposit received", "close"] as const;

export const stateViews: Record<LifecycleState, StateView> = {
  received: {
    actions: { client: ["send a message"], artist: ["reply", "send a quote", "mark contacted", "close"] },
    badge: "New",
    stage: "received",
    awaitsReply: true,
    next: () =>
      "The artist reads every request personally and will call or e-mail you to talk through your idea and set up your free consultation.",
  },
  replied: {
    actions: { client: ["send a message"], artist: ["send a quote", "close"] },
    badge: "Replied",
    stage: "replied",
    awaitsReply: false,
    next: () =>
      "The artist has been in touch. If you missed the call or e-mail, reply to it or call the studio.",
  },
  quoted: {
    actions: {
      client: ["accept the quote (with a date of birth)", "ask a question"],
      artist: artistWithQuoteOut,
    },
    badge: "Quote sent",
    stage: "quoted",
    awaitsReply: false,
    next: () =>
      "You have a quote from the artist, below. Accept it to pay the deposit that holds your session, or ask her a question first.",
  },
  accepted: {
    actions: { client: ["pay the deposit", "ask a question"], artist: artistWithQuoteOut },
    badge: "Quote accepted",
    stage: "quoted",
    awaitsReply: false,
    next: ({ onlinePayments }) =>
      onlinePayments
        ? "You accepted the quote. Pay the deposit below to hold your session; then you choose its time on this page."
        : "You accepted the quote. Pay the deposit in cash at the studio; once the artist marks it received, you choose your session's time on this page.",
  },
  "deposit-paid": {
    actions: { client: ["book a time"], artist: ["send a new quote", "close"] },
    badge: "Deposit paid",
    stage: "quoted",
    awaitsReply: false,
    next: () => "Your deposit is paid. Choose your session's time below.",
  },
  booked: {
    actions: {
      client: ["sign the release form", "move the session", "cancel the session"],
      artist: ["cancel the session", "mark the session done once it began", "mark a no-show once it began"],
    },
    badge: "Booked",
    stage: "booked",
    awaitsReply: false,
    next: () => "Your session is booked. The studio will remind you of anything to prepare before the day.",
  },
  "between-sessions": {
    stage: "booked",
    badge: "Next session to book",
    actions: { client: ["book the next session", "follow the aftercare days"], artist: ["send a message"] },
    awaitsReply: false,
    next: () =>
      "Your last session is done, and your quote has more to come. Once it has healed enough, choose the time of the next one below.",
  },
  "session-cancelled": {
    actions: {
      client: ["book a new time (a change left)", "send a message"],
      artist: [
        "send a message",
        "charge the late-cancellation fee (cancelled by the client inside the notice window)",
      ],
    },
    badge: "Session cancelled",
    // Back to choosing a time: the accepted quote and its deposit still stand.
    stage: "quoted",
    awaitsReply: false,
    next: () =>
      "Your session was cancelled. If your deposit still holds a date, choose a new time below; otherwise message the artist or call the studio.",
  },
  completed: {
    actions: {
      client: ["follow the aftercare days", "send a healed photo"],
      artist: ["take back done (15 minutes)"],
    },
    badge: "Done",
    stage: "completed",
    awaitsReply: false,
    next: () => "Your session is done. Thank you for trusting the studio with your tattoo.",
  },
  declined: {
    actions: { client: [], artist: ["reopen by setting a status"] },
    badge: "Declined",
    stage: "declined",
    awaitsReply: false,
    next: () =>
      "This request is closed. You are welcome to send a new one whenever you like, or call the studio with any question.",
  },
};

/** The diagram of the states and transitions above, as Mermaid, for `docs/request-lifecycle.md`. */
function lifecycleDiagram(): string {
  const id = (state: LifecycleState) => state.replace("-", "_");
  const lines = ["stateDiagram-v2", `  [*] --> ${id("received")}`];
  for (const transition of transitions) {
    for (const from of transition.from) {
      lines.push(`  ${id(from)} --> ${id(transition.to)}: ${transition.by} ${transition.event}`);
    }
  }
  lines.push(`  ${id("completed")} --> [*]`, `  ${id("declined")} --> [*]`);
  return lines.join("\n");
}

/** The whole of `docs/request-lifecycle.md`: the diagram and the guards. */
export function lifecycleDocument(): string {
  const rows = transitions.map(
    (t) => `| ${t.from.join(", ")} | ${t.to} | ${t.by} ${t.event} | ${t.guard || "none"} |`,
  );
  return [
    "# A request's lifecycle",
    "",
    "Drawn from `shared/request-lifecycle.ts` by `npm run docs:lifecycle`; the tests fail when the",
    "two differ. The state is derived from the request's rows, never stored.",
    "",
    "```mermaid",
    lifecycleDiagram(),
    "```",
    "",
    "| State | Badge | Client can | Artist can | Reply promise |",
    "| --- | --- | --- | --- | --- |",
    ...lifecycleStates.map((state) => {
      const view = stateViews[state];
      const list = (items: readonly string[]) => items.join("; ") || "nothing";
      return `| ${state} | ${view.badge} | ${list(view.actions.client)} | ${list(view.actions.artist)} | ${view.awaitsReply ? "applies" : "no longer"} |`;
    }),
    "",
    "| From | To | Event | Guard |",
    "| --- | --- | --- | --- |",
    ...rows,
    "",
  ].join("\n");
}
