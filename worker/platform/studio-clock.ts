import { dateFormat } from "../../shared/clock-words";
import { studio } from "../../shared/studio";

export { studioTime, timeOfDayIn } from "../../shared/clock-words";

/**
 * The studio clock: every time-zone calculation and every date or time the worker writes in
 * words. Instants are stored in UTC; the studio lives on Maryland's clock (America/New_York),
 * which jumps an hour twice a year, so wall times and calendar days are worked out here and
 * nowhere else. Formatters are costly to build and never change, so each is built once per
 * isolate.
 */

// The format cache, the time in words and the time of day are shared with the admin's screens.
const formatter = dateFormat;

const wallClock = (timeZone: string) =>
  formatter({
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });

function wallParts(instant: Date, timeZone: string): Record<string, string> {
  return Object.fromEntries(
    wallClock(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
}

/** The zone's offset from UTC at an instant, in milliseconds (New York: -4 h or -5 h). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = wallParts(new Date(instant), timeZone);
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - (instant - (instant % 1000));
}

/**
 * The instant a wall-clock time in the zone names. A time skipped by the spring change (02:30 on
 * the March Sunday) is read with the offset before the change, i.e. an hour later on the clock,
 * as calendars do; an hour repeated in November is its first occurrence.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y = 0, m = 1, d = 1] = date.split("-").map(Number);
  const [h = 0, mi = 0] = time.split(":").map(Number);
  const wall = Date.UTC(y, m - 1, d, h, mi);
  const before = zoneOffsetMs(wall, timeZone);
  const guess = wall - before;
  const after = zoneOffsetMs(guess, timeZone);
  if (after === before) return new Date(guess);
  const corrected = wall - after;
  // No offset names this wall time (the skipped hour): keep the first guess, an hour later.
  return new Date(zoneOffsetMs(corrected, timeZone) === after ? corrected : guess);
}

/** The zone's calendar date of an instant, YYYY-MM-DD. */
export function zonedDate(instant: Date, timeZone: string): string {
  const parts = wallParts(instant, timeZone);
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** A calendar date moved by whole days (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  const [y = 0, m = 1, d = 1] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The studio's calendar date of a moment, YYYY-MM-DD: the day a digest or a form belongs to. */
export const studioDate = (instant: Date) => zonedDate(instant, studio.timeZone);

/** The hour of a moment on the studio's clock (0-23). */
export const studioHour = (instant: Date) => Number(wallParts(instant, studio.timeZone).hour);

/** A short stamp on the studio's clock, for the editor's notices: "Mar 9, 2026, 2:30 PM". */
export const studioStamp = (iso: string) =>
  formatter({ timeZone: studio.timeZone, dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

/** A day in a zone in words: "Monday, March 9". */
export const dayIn = (iso: string, timeZone: string) =>
  formatter({ timeZone, weekday: "long", month: "long", day: "numeric" }).format(new Date(iso));

/** A zone's long name at a moment ("Eastern Daylight Time"), or its id when it has none. */
export const zoneNameAt = (iso: string, timeZone: string) =>
  formatter({ timeZone, timeZoneName: "long" })
    .formatToParts(new Date(iso))
    .find((part) => part.type === "timeZoneName")?.value ?? timeZone;

/**
 * A calendar date (YYYY-MM-DD, no zone) in words: "Monday, March 9", or "March 9, 2026" in the
 * long style. Read at UTC noon so no zone can move it to a neighbouring day.
 */
export function calendarDayText(date: string, style: "weekday" | "long" = "weekday"): string {
  const options: Intl.DateTimeFormatOptions =
    style === "long"
      ? { timeZone: "UTC", dateStyle: "long" }
      : { timeZone: "UTC", weekday: "long", month: "long", day: "numeric" };
  return formatter(options).format(new Date(`${date}T12:00:00Z`));
}
