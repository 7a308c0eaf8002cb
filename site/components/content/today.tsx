import { useEffect, useState } from "react";

const timeZone = "America/New_York";

/** Today in the studio's time zone: the shown text and the machine-readable date agree. */
const todayInStudio = (now: Date) => ({
  text: now.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone }),
  // en-CA formats as YYYY-MM-DD.
  iso: now.toLocaleDateString("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone }),
});

/**
 * Today's date in the studio's time zone. The prerendered HTML carries the build day; after
 * hydration the visitor's clock takes over, so the date shown is always the current day.
 */
export function Today() {
  const [today, setToday] = useState(() => todayInStudio(new Date()));
  useEffect(() => setToday(todayInStudio(new Date())), []);
  return (
    <time suppressHydrationWarning dateTime={today.iso}>
      {today.text}
    </time>
  );
}
