import { studio } from "../../../shared/studio";
import { addDays, zonedDate } from "../../platform/studio-clock";
import { publishedFacts } from "../content/facts";
import { releaseFormCarry } from "../release-forms/service";
import {
  addBlockedDate,
  bookedBetween,
  bookingGate,
  cancelBooking,
  claimSlot,
  clientChangesOf,
  completeBooking,
  depositOf,
  findBooking,
  latestBooking,
  listBlockedDates,
  removeBlockedDate,
  reopenBooking,
  sessionsDoneOf,
  upcomingSessions,
} from "./queries";
import { type AvailabilityInput, bookingHorizonDays, bookingWindow, bufferMinutes, isOffered } from "./slots";

const hour = 3_600_000;

/**
 * What cancelling (or moving) a session costs, by the notice given: the studio's published
 * deposit policy. 48 hours or more and the deposit moves to the new date; 24 to 47 hours and half
 * of it is kept; under 24 hours it is forfeited.
 */
export type CancellationTier = "transfer" | "half-kept" | "forfeited";

export function tierFor(startsAt: string, now: Date): CancellationTier {
  const left = Date.parse(startsAt) - now.getTime();
  if (left >= 48 * hour) return "transfer";
  if (left >= 24 * hour) return "half-kept";
  return "forfeited";
}

/** The studio's hours and closures as published, or its first-written hours before anything is. */
async function studioHours(db: D1Database) {
  const facts = await publishedFacts({ DB: db });
  return { weekly: facts.openingHours, closures: facts.closures };
}

/** Everything the slot arithmetic reads, as of `now`; `moving` is a booking being moved, left out. */
export async function availabilityFor(
  db: D1Database,
  input: { now: Date; sessionMinutes: number; moving?: string | null },
): Promise<AvailabilityInput> {
  const { first } = bookingWindow(input.now, studio.timeZone);
  const until = new Date(input.now.getTime() + (bookingHorizonDays + 2) * 24 * hour).toISOString();
  const [hours, blocked, booked] = await Promise.all([
    studioHours(db),
    listBlockedDates(db, addDays(first, -1)),
    bookedBetween(db, input.now.toISOString(), until),
  ]);
  return {
    timeZone: studio.timeZone,
    weekly: hours.weekly,
    closures: hours.closures,
    blockedDates: blocked.map((row) => row.date),
    booked: booked.filter((row) => row.id !== input.moving),
    sessionMinutes: input.sessionMinutes,
    now: input.now,
  };
}

/** Where a request's booking stands: whether it may book, and its newest booking. */
export async function bookingStateOf(db: D1Database, submissionId: string) {
  const [gate, booking, changes] = await Promise.all([
    bookingGate(db, submissionId),
    latestBooking(db, submissionId),
    clientChangesOf(db, submissionId),
  ]);
  const done = gate ? await sessionsDoneOf(db, gate.quote.id) : 0;
  return {
    gate,
    booking,
    changesLeft: Math.max(0, clientChangeLimit - changes),
    /** Which of the quote's sessions the next booking is (1 for the first), and how many there are. */
    session: { next: done + 1, of: gate?.quote.sessions ?? 1 },
  };
}

export type BookOutcome = "booked" | "unchanged" | "taken" | "refused" | "limit";

/**
 * How many times a client can change a booked session from their page (moves, and cancelling then
 * booking again): three. Each change frees one of the artist's times and takes another, and sends
 * an e-mail to each side; a plan that still changes after three is better made by phone. The
 * artist's own cancellations never count, and cancelling stays possible after the limit.
 */
export const clientChangeLimit = 3;

/**
 * Books (or moves) a request's session at `startsAt`: only with an accepted quote and its paid
 * deposit, only at a time the calendar offers now, claimed atomically against every other
 * booking. "taken" is a time that was free when the page was drawn and is not any more.
 */
export async function bookSlot(
  db: D1Database,
  input: { submissionId: string; startsAt: string; now: Date },
): Promise<BookOutcome> {
  const { gate, booking, changesLeft, session } = await bookingStateOf(db, input.submissionId);
  if (!gate) return "refused";
  const live = booking?.status === "booked" ? booking : null;
  // Every session of the quote done: nothing more to book on its deposit.
  if (!live && session.next > session.of) return "refused";
  // A first booking is always open, and so is booking again after the artist cancelled; a move,
  // or booking again after cancelling, is one of the client's changes.
  const change = live !== null || (booking?.status === "cancelled" && booking.cancelledBy !== "artist");
  if (change && changesLeft <= 0) return "limit";
  // A session moves with the deposit only with the notice that transfers it.
  if (live && tierFor(live.startsAt, input.now) !== "transfer") return "refused";
  const availability = await availabilityFor(db, {
    now: input.now,
    sessionMinutes: gate.quote.sessionMinutes,
    moving: live?.id ?? null,
  });
  const slot = isOffered(availability, input.startsAt);
  // Moving to the time it already has changes nothing, and is not one of the client's changes.
  if (live && slot && slot.startsAt === live.startsAt) return "unchanged";
  if (!slot) {
    // Off the grid or outside the hours is a bad request; a time inside them is merely taken.
    const open = isOffered({ ...availability, booked: [] }, input.startsAt);
    return open ? "taken" : "refused";
  }
  const id = crypto.randomUUID();
  // A move keeps the signed release form: the date is nothing it attests.
  const keepForm = live ? await releaseFormCarry(db, { from: live.id, to: id, startsAt: slot.startsAt }) : [];
  const won = await claimSlot(
    db,
    {
      id,
      submissionId: input.submissionId,
      quoteId: gate.quote.id,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      now: input.now.toISOString(),
      bufferMinutes,
    },
    live?.id ?? null,
    keepForm,
  );
  return won ? "booked" : "taken";
}

export type CancelOutcome = "cancelled" | "tier-changed" | "none";

/**
 * The client cancels their session from the status page. `shownTier` is the tier the page stated
 * when they confirmed: if the clock crossed into another one since, nothing is cancelled and the
 * page states the new one.
 */
export async function cancelByClient(
  db: D1Database,
  input: { submissionId: string; shownTier: string; now: Date },
): Promise<CancelOutcome> {
  const booking = await latestBooking(db, input.submissionId);
  if (booking?.status !== "booked") return "none";
  const tier = tierFor(booking.startsAt, input.now);
  if (tier !== input.shownTier) return "tier-changed";
  const deposit = await depositOf(db, booking.submissionId);
  const done = await cancelBooking(db, {
    bookingId: booking.id,
    submissionId: input.submissionId,
    depositId: deposit?.status === "paid" ? deposit.id : null,
    depositOutcome: tier === "transfer" ? null : tier,
    notify: ["cancelled", "artist-cancelled"],
    by: "client",
    now: input.now.toISOString(),
  });
  return done ? "cancelled" : "none";
}

/**
 * The artist cancels a session from the inbox: the studio's own change of plan never costs the
 * client their deposit, which stays paid for a new date.
 */
export async function cancelByArtist(
  db: D1Database,
  bookingId: string,
  now: Date,
  actor: { id: string; email: string },
) {
  const booking = await findBooking(db, bookingId);
  if (booking?.status !== "booked") return false;
  return cancelBooking(db, {
    bookingId,
    submissionId: booking.submissionId,
    depositId: null,
    depositOutcome: null,
    notify: ["cancelled"],
    by: "artist",
    now: now.toISOString(),
    actor,
  });
}

/** How long "session done" can be taken back: a mis-tap is noticed at once, not next week. */
export const undoDoneMinutes = 15;

/**
 * The artist marks a booked session done (what the aftercare follow-ups start from), once it has
 * started: a session still to come cannot be done, and marking it so would tell the client
 * "Day 0: your session was today".
 */
export async function markSessionDone(
  db: D1Database,
  bookingId: string,
  now: Date,
  actor: { id: string; email: string },
): Promise<
  | { outcome: "done"; undoUntil: string }
  | { outcome: "not-found" }
  | { outcome: "not-started"; startsAt: string }
> {
  const booking = await findBooking(db, bookingId);
  if (booking?.status !== "booked") return { outcome: "not-found" };
  if (Date.parse(booking.startsAt) > now.getTime())
    return { outcome: "not-started", startsAt: booking.startsAt };
  if (!(await completeBooking(db, bookingId, now.toISOString(), actor))) return { outcome: "not-found" };
  return { outcome: "done", undoUntil: new Date(now.getTime() + undoDoneMinutes * 60_000).toISOString() };
}

/** Takes back "session done" within `undoDoneMinutes` of it. */
export async function undoSessionDone(
  db: D1Database,
  bookingId: string,
  now: Date,
  actor: { id: string; email: string },
): Promise<"undone" | "not-found" | "too-late"> {
  const booking = await findBooking(db, bookingId);
  if (!booking) return "not-found";
  if (booking.status !== "completed" || !booking.completedAt) return "too-late";
  if (now.getTime() - Date.parse(booking.completedAt) > undoDoneMinutes * 60_000) return "too-late";
  const reopened = await reopenBooking(
    db,
    {
      bookingId,
      submissionId: booking.submissionId,
      completedAt: booking.completedAt,
      now: now.toISOString(),
    },
    actor,
  );
  return reopened ? "undone" : "too-late";
}

/** The sessions still to come, soonest first, for the artist. */
export function upcoming(db: D1Database, now: Date, limit = 50) {
  return upcomingSessions(db, now.toISOString(), limit);
}

/** The artist's blocked days from today on. */
export function blockedDays(db: D1Database, now: Date) {
  return listBlockedDates(db, addDays(zonedDate(now, studio.timeZone), -1));
}

/** A request's newest session (any status), as its card shows it, or null. */
export async function sessionOf(db: D1Database, submissionId: string) {
  const booking = await latestBooking(db, submissionId);
  return booking
    ? { id: booking.id, startsAt: booking.startsAt, endsAt: booking.endsAt, status: booking.status }
    : null;
}

/** The artist is away on `date`: no slot is offered that day. Blocking it again keeps one row. */
export function blockDay(db: D1Database, date: string, note: string | null): Promise<void> {
  return addBlockedDate(db, date, note);
}

/** The artist is back on `date`; false when it was not blocked. */
export function unblockDay(db: D1Database, date: string): Promise<boolean> {
  return removeBlockedDate(db, date);
}
