import { TodayScreen } from "../features/today";

/** Where the artist lands: what needs her now. */
export function TodayPage() {
  const date = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/New_York",
    weekday: "long",
    month: "long",
    day: "numeric",
  }).format(new Date());
  return (
    <section className="admin-page" aria-labelledby="admin-title">
      <p className="admin-eyebrow">{date}</p>
      <h1 id="admin-title">Today</h1>
      <TodayScreen />
    </section>
  );
}
