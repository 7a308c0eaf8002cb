import { useEffect, useState } from "react";
import { useFacts } from "../../content/content-context";

/** Today in the studio's time zone: the shown text and the machine-readable date agree. */
const todayInStudio = (now: Date, timeZone: string) => ({
  text: now.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone }),
  iso: isoDate(now, timeZone),
});

/** YYYY-MM-DD of the studio's calendar day, assembled from parts (no locale's date order). */
function isoDate(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    timeZone,
  })
    .formatToParts(now)
    .reduce<Record<string, string>>((all, part) => Object.assign(all, { [part.type]: part.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * Today's date in the studio's time zone. The prerendered HTML carries the build day; after
 * hydration the visitor's clock takes over, so the date shown is always the current day.
 */
export function Today() {
  const { timeZone } = useFacts().studio;
  const [today, setToday] = useState(() => todayInStudio(new Date(), timeZone));
  useEffect(() => setToday(todayInStudio(new Date(), timeZone)), [timeZone]);
  return (
    <time suppressHydrationWarning dateTime={today.iso}>
      {today.text}
    </time>
  );
}
