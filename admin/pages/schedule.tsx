import { CalendarFeedPanel, SchedulePanel } from "../features/schedule";

/** The sessions to come, the days she is away, and her own calendar's feed. */
export function SchedulePage() {
  return (
    <section className="admin-page" aria-labelledby="admin-title">
      <p className="admin-eyebrow">Bookings</p>
      <h1 id="admin-title">Schedule</h1>
      <div className="admin-panel">
        <SchedulePanel />
      </div>
      <div className="admin-panel">
        <CalendarFeedPanel />
      </div>
    </section>
  );
}
