import { use } from "react";
import { AdminPage } from "../components/admin-page";
import { DrawnTodayContext, TodayScreen } from "../features/today";

/** Where the artist lands: what needs her now. */
export function TodayPage() {
  // The day the worker drew the page on, so the browser takes the drawing over word for word.
  const drawnAt = use(DrawnTodayContext)?.today.now;
  const date = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/New_York",
    weekday: "long",
    month: "long",
    day: "numeric",
  }).format(drawnAt ? new Date(drawnAt) : new Date());
  return (
    <AdminPage eyebrow={date} title="Today">
      <TodayScreen />
    </AdminPage>
  );
}
