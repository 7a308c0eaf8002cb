/** The artist's schedule: booked sessions and days away (docs/decisions/020-quote-to-healed.md). */
export { CalendarFeedPanel } from "./calendar-feed-panel";
export { OffersPanel } from "./offers-panel";
export { SchedulePanel } from "./schedule-panel";
export { SessionOnCard } from "./session-on-card";
export { endTime, sessionTime } from "./studio-time";
export { TextSettingsPanel } from "./text-settings-panel";
export { TextsOnCard } from "./texts-on-card";
