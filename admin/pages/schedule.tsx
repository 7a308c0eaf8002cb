import { CalendarFeedPanel, OffersPanel, SchedulePanel, TextSettingsPanel } from "../features/schedule";

/** The sessions to come, the days she is away, the offers of freed times, her own calendar's feed, and the text reminders. */
export function SchedulePage() {
  return (
    <section className="admin-page" aria-labelledby="admin-title">
      <p className="admin-eyebrow">Bookings</p>
      <h1 id="admin-title">Schedule</h1>
      <div className="admin-panel">
        <SchedulePanel />
      </div>
      <div className="admin-panel">
        <OffersPanel />
      </div>
      <div className="admin-panel">
        <CalendarFeedPanel />
      </div>
      <div className="admin-panel">
        <TextSettingsPanel />
      </div>
    </section>
  );
}
