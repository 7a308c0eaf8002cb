import { useEffect, useState } from "react";

const format = (date: Date) =>
  date.toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "America/New_York",
  });

/**
 * Today's date in the studio's time zone. The prerendered HTML carries the build day; after
 * hydration the visitor's clock takes over, so the date shown is always the current day.
 */
export function Today() {
  const [today, setToday] = useState(() => format(new Date()));
  useEffect(() => setToday(format(new Date())), []);
  return (
    <time suppressHydrationWarning dateTime={new Date().toISOString().slice(0, 10)}>
      {today}
    </time>
  );
}
