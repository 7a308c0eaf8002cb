import { PanelsPage } from "../components/admin-page";
import { CalendarFeedPanel, OffersPanel, SchedulePanel, TextSettingsPanel } from "../features/schedule";

/** The sessions to come, the days she is away, the offers of freed times, her own calendar's feed, and the text reminders. */
export function SchedulePage() {
  return (
    <PanelsPage
      eyebrow="Bookings"
      title="Schedule"
      panels={[SchedulePanel, OffersPanel, CalendarFeedPanel, TextSettingsPanel]}
    />
  );
}
