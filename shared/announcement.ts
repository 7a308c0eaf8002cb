import type { StudioContent } from "./schemas/content";

type Announcement = StudioContent["announcement"];

/** When a published announcement shows: its dates, if it has any, in the studio's time zone. */
export interface AnnouncementWindow {
  startsOn?: string | null | undefined;
  endsOn?: string | null | undefined;
  timeZone: string;
}

/**
 * Whether an announcement with these dates shows on `today` (YYYY-MM-DD in `window.timeZone`,
 * which the worker's studio clock works out): from its first day to its last, both included.
 */
export function announcementShows(window: AnnouncementWindow, today: string): boolean {
  return (!window.startsOn || window.startsOn <= today) && (!window.endsOn || today <= window.endsOn);
}

/** The announcement as visitors see it on `today` in the studio's zone: itself between its dates, otherwise none. */
export function announcementAt(content: StudioContent, today: string): Announcement {
  const { announcement } = content;
  if (!announcement) return null;
  return announcementShows({ ...announcement, timeZone: content.studio.timeZone }, today)
    ? announcement
    : null;
}
