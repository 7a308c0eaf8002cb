/**
 * Times in words on the studio's clock, written once for the worker (pages, e-mails, texts) and
 * the admin's screens: the artist's phone may be set to any zone, the studio keeps Maryland's.
 */

/** The studio's clock. */
export const studioTimeZone = "America/New_York";

const formats = new Map<string, Intl.DateTimeFormat>();

/** An en-US date format, built once per set of options (building one is the costly part). */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", options);
    formats.set(key, found);
  }
  return found;
}

/**
 * A moment as the studio reads it, with the zone named: "Monday, March 9, 2:30 PM EDT", or in
 * short "Mon, Mar 9, 2:30 PM EDT".
 */
export const studioTime = (iso: string, length: "long" | "short" = "long") =>
  dateFormat({
    timeZone: studioTimeZone,
    weekday: length,
    month: length,
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(iso));

/** A time of day in a zone, the studio's unless named: "2:30 PM". */
export const timeOfDayIn = (iso: string, timeZone = studioTimeZone) =>
  dateFormat({ timeZone, hour: "numeric", minute: "2-digit" }).format(new Date(iso));
