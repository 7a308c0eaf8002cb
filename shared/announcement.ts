import type { StudioContent } from "./schemas/content";

type Announcement = StudioContent["announcement"];

/** When a published announcement shows: its dates, if it has any, in the studio's time zone. */
export interface AnnouncementWindow {
  startsOn?: string | null | undefined;
  endsOn?: string | null | undefined;
  timeZone: string;
}

/** A moment's calendar date in a time zone, YYYY-MM-DD. */
export function dateInZone(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}

/** Whether an announcement with these dates shows at `at`: from its first day to its last, both included. */
export function announcementShows(window: AnnouncementWindow, at: Date): boolean {
  const today = dateInZone(window.timeZone, at);
  return (!window.startsOn || window.startsOn <= today) && (!window.endsOn || today <= window.endsOn);
}

/** The announcement as visitors see it at `at`: itself between its dates, otherwise none. */
export function announcementAt(content: StudioContent, at: Date): Announcement {
  const { announcement } = content;
  if (!announcement) return null;
  return announcementShows({ ...announcement, timeZone: content.studio.timeZone }, at) ? announcement : null;
}
