/**
 * Booking a session after the deposit (docs/decisions/020-quote-to-healed.md, "Booking"): the
 * slot arithmetic, the claim, cancelling and moving under the deposit policy, the calendar file
 * and the e-mails with their reminders.
 */

export { addDays, zoneOffsetMs } from "../../platform/studio-clock";
export { bookingEvent, sessionIcs } from "./ics";
export { deliverBookingMail } from "./mail";
export {
  availabilityFor,
  blockDay,
  blockedDays,
  bookingStateOf,
  bookSlot,
  type CancellationTier,
  cancelByArtist,
  cancelByClient,
  clientChangeLimit,
  markSessionDone,
  sessionOf,
  tierFor,
  unblockDay,
  undoDoneMinutes,
  undoSessionDone,
  upcoming,
} from "./service";
export { bookingWindow, daysPerWeek, minimumNoticeHours, type SlotDay, slotsByDay } from "./slots";
export type { Booking } from "./tables";
