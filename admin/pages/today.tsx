import { AdminPage } from "../components/admin-page";
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
    <AdminPage eyebrow={date} title="Today">
      <TodayScreen />
    </AdminPage>
  );
}
