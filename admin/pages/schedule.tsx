import { PanelsPage } from "../components/admin-page";
import { CalendarFeedPanel, SchedulePanel, TextSettingsPanel } from "../features/schedule";

/** The sessions to come, the days she is away, her own calendar's feed, and the text reminders. */
export function SchedulePage() {
  return (
    <PanelsPage
      eyebrow="Bookings"
      title="Schedule"
      panels={[SchedulePanel, CalendarFeedPanel, TextSettingsPanel]}
    />
  );
}
