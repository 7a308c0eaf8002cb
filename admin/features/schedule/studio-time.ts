import { studioTime, timeOfDayIn } from "../../../shared/clock-words";

/** A session's time as the studio keeps it (New York), whatever the artist's device says. */
export const sessionTime = (iso: string) => studioTime(iso, "short");

/** When a session ends, on the studio's clock: "5:30 PM". */
export const endTime = (iso: string) => timeOfDayIn(iso);
