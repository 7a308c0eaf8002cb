/**
 * When a session can start: pure arithmetic over the studio's weekly hours, its published
 * closures, the artist's blocked days and the sessions already booked. Every wall-clock time is
 * the studio's own (America/New_York); instants are UTC. The zone arithmetic is the studio
 * clock's, so the two daylight-saving changes (March and November) are handled in one place.
 */
import { addDays, zonedDate, zonedInstant } from "../../platform/studio-clock";

/** Start times are offered on this grid from opening time: 12:00, 12:30, 13:00... */
const slotStepMinutes = 30;
/**
 * Time kept free between two sessions, before and after each: the station is cleaned and set up
 * again, and a session that runs long does not eat into the next client's.
 */
export const bufferMinutes = 30;
/**
 * The earliest a session can be booked: 48 hours ahead. The deposit's transfer rule counts 48
 * hours' notice, and a booking made with less would already be inside its own cancellation tiers.
 */
export const minimumNoticeHours = 48;
/** How far ahead the calendar is open: eight weeks. */
export const bookingHorizonDays = 56;
/** Days shown per page of the slot picker. */
export const daysPerWeek = 7;

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

interface WeeklyDay {
  /** "Monday" ... "Sunday". */
  day: string;
  /** "HH:MM" 24-hour, or null: no tattoo sessions that day. */
  opens: string | null;
  closes: string | null;
}

interface Closure {
  /** YYYY-MM-DD, both inclusive. */
  from: string;
  to: string;
}

interface Interval {
  startsAt: string;
  endsAt: string;
}

export interface AvailabilityInput {
  timeZone: string;
  /** Monday to Sunday. */
  weekly: readonly WeeklyDay[];
  closures: readonly Closure[];
  /** YYYY-MM-DD days the artist is away. */
  blockedDates: readonly string[];
  /** Sessions already booked (cancelled ones left out by the caller). */
  booked: readonly Interval[];
  sessionMinutes: number;
  now: Date;
}

export interface Slot {
  startsAt: string;
  endsAt: string;
}

export interface SlotDay {
  /** YYYY-MM-DD in the studio's zone. */
  date: string;
  slots: Slot[];
  /**
   * Why the day has no slot: the studio closed, the artist away, no hours that weekday, every
   * time inside the 48-hour notice, past the booking horizon, or the session longer than the
   * day's hours; "booked" only when sessions already fill it. Null when it has slots.
   */
  closed: "closed" | "away" | "no-hours" | "too-soon" | "too-far" | "too-long" | "booked" | null;
}

const weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "Monday"... of a calendar date. */
function weekdayOf(date: string): string {
  const [y = 0, m = 1, d = 1] = date.split("-").map(Number);
  return weekdayNames[new Date(Date.UTC(y, m - 1, d)).getUTCDay()] ?? "";
}

const minutesOf = (time: string) => {
  const [h = 0, m = 0] = time.split(":").map(Number);
  return h * 60 + m;
};
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** Whether a session at [start, end) keeps the buffer clear of every booked one. */
function isClear(start: number, end: number, booked: readonly Interval[]): boolean {
  const gap = bufferMinutes * minute;
  return booked.every(
    (other) => end + gap <= Date.parse(other.startsAt) || start >= Date.parse(other.endsAt) + gap,
  );
}

/** The first and last calendar days a session can be booked on, from `now`. */
export function bookingWindow(now: Date, timeZone: string): { first: string; last: string } {
  return {
    first: zonedDate(new Date(now.getTime() + minimumNoticeHours * hour), timeZone),
    last: zonedDate(new Date(now.getTime() + bookingHorizonDays * day), timeZone),
  };
}

/** The slots of each day from `from`, for `days` days (days past the horizon are left out). */
export function slotsByDay(input: AvailabilityInput, from: string, days: number): SlotDay[] {
  const { first, last } = bookingWindow(input.now, input.timeZone);
  const earliest = input.now.getTime() + minimumNoticeHours * hour;
  const latest = input.now.getTime() + bookingHorizonDays * day;
  const blocked = new Set(input.blockedDates);
  const result: SlotDay[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(from, i);
    if (date > last) break;
    if (date < first) continue;
    if (input.closures.some((closure) => closure.from <= date && date <= closure.to)) {
      result.push({ date, slots: [], closed: "closed" });
      continue;
    }
    if (blocked.has(date)) {
      result.push({ date, slots: [], closed: "away" });
      continue;
    }
    const hours = input.weekly.find((entry) => entry.day === weekdayOf(date));
    if (!hours?.opens || !hours.closes) {
      result.push({ date, slots: [], closed: "no-hours" });
      continue;
    }
    const closing = zonedInstant(date, hours.closes, input.timeZone).getTime();
    const slots: Slot[] = [];
    // Why each time that fits the day's hours was left out, so an empty day says which.
    let soon = 0;
    let far = 0;
    let clash = 0;
    let previous = Number.NEGATIVE_INFINITY;
    for (let at = minutesOf(hours.opens); at < minutesOf(hours.closes); at += slotStepMinutes) {
      const start = zonedInstant(date, timeOf(at), input.timeZone).getTime();
      // The hour the spring change skips names the same instants as the hour after it.
      if (start <= previous) continue;
      previous = start;
      const end = start + input.sessionMinutes * minute;
      if (end > closing) break;
      if (start < earliest) soon++;
      else if (start > latest) far++;
      else if (!isClear(start, end, input.booked)) clash++;
      else slots.push({ startsAt: new Date(start).toISOString(), endsAt: new Date(end).toISOString() });
    }
    const closed = slots.length ? null : clash ? "booked" : soon ? "too-soon" : far ? "too-far" : "too-long";
    result.push({ date, slots, closed });
  }
  return result;
}

/** Whether `startsAt` is one of the slots offered now: what the server checks before a claim. */
export function isOffered(input: AvailabilityInput, startsAt: string): Slot | null {
  const instant = Date.parse(startsAt);
  if (!Number.isFinite(instant)) return null;
  const date = zonedDate(new Date(instant), input.timeZone);
  const [dayOfSlot] = slotsByDay(input, date, 1);
  return dayOfSlot?.slots.find((slot) => Date.parse(slot.startsAt) === instant) ?? null;
}
