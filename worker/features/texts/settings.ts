import {
  type TextSettingsInput,
  type TextTemplateName,
  textSettingsSchema,
} from "../../../shared/schemas/texts";
import { studio } from "../../../shared/studio";
import { addDays, zonedDate, zonedInstant } from "../../platform/studio-clock";
import { readTextSettings } from "./queries";

/**
 * The studio's text settings and what they compute: when a reminder goes (its hours before the
 * session, moved out of the quiet hours) and what a text reads (its template, filled in).
 */

export const defaultTextSettings: TextSettingsInput = {
  reminderHours: [48, 2],
  quietFrom: "21:00",
  quietUntil: "09:00",
  templates: {
    reminder:
      "Hi {firstName}, a reminder from {studio}: your tattoo session is {day} at {time}. Questions? Call {studioPhone}. Reply STOP to end texts.",
    code: "{code} is your {studio} code to turn on text reminders. It expires in 10 minutes.",
    help: "{studio}: session reminders by text. Call {studioPhone}. Reply STOP to end texts, START to resume.",
    stop: "{studio}: you will get no more texts from us. Reply START to turn them back on.",
    start: "{studio}: session reminders by text are back on. Reply STOP to end them.",
  },
};

/** The saved settings, or the defaults; a saved row that no longer validates is the defaults too. */
export async function textSettingsOf(db: D1Database): Promise<TextSettingsInput & { saved: boolean }> {
  const row = await readTextSettings(db);
  if (!row) return { ...defaultTextSettings, saved: false };
  const parsed = textSettingsSchema.safeParse({
    reminderHours: JSON.parse(row.reminderHours),
    quietFrom: row.quietFrom,
    quietUntil: row.quietUntil,
    templates: JSON.parse(row.templates),
  });
  return parsed.success ? { ...parsed.data, saved: true } : { ...defaultTextSettings, saved: false };
}

/** A template filled in; a placeholder without a value is left empty. */
export function renderText(
  settings: Pick<TextSettingsInput, "templates">,
  name: TextTemplateName,
  values: Record<string, string>,
): string {
  const all = { studio: studio.name, studioPhone: studio.phone.display, ...values };
  return settings.templates[name]
    .replace(/\{([A-Za-z]+)\}/g, (_, key: string) => all[key as keyof typeof all] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

const minute = 60_000;
/** A reminder moved out of the quiet hours still goes at least this long before the session. */
const leadBeforeSession = 30 * minute;

/** Whether a moment falls in the studio's quiet hours, when no text goes. */
export const quietAt = (instant: Date, quiet: Pick<TextSettingsInput, "quietFrom" | "quietUntil">) =>
  inQuiet(wallTime(instant), quiet.quietFrom, quiet.quietUntil);

/** Whether a studio wall-clock time ("HH:MM") falls in [from, until), across midnight or not. */
function inQuiet(time: string, from: string, until: string): boolean {
  if (from === until) return false;
  return from < until ? time >= from && time < until : time >= from || time < until;
}

const wallTime = (instant: Date) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: studio.timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(instant);

/**
 * When a reminder goes: `hours` before the session, unless that falls in the quiet hours. Then
 * at the quiet hours' end, if that is still at least 30 minutes before the session; otherwise
 * 30 minutes before the quiet hours began (the evening before), so a 9 a.m. session's 2-hour
 * reminder goes at 20:30 the night before rather than at 7 a.m. or not at all.
 */
export function reminderTime(
  startsAt: Date,
  hours: number,
  quiet: Pick<TextSettingsInput, "quietFrom" | "quietUntil">,
): Date {
  const ideal = new Date(startsAt.getTime() - hours * 60 * minute);
  if (!inQuiet(wallTime(ideal), quiet.quietFrom, quiet.quietUntil)) return ideal;
  // The quiet stretch holding `ideal`: it began on ideal's day or the day before.
  const day = zonedDate(ideal, studio.timeZone);
  const startedToday = wallTime(ideal) >= quiet.quietFrom;
  const fromDay = startedToday ? day : addDays(day, -1);
  const began =
    quiet.quietFrom < quiet.quietUntil
      ? zonedInstant(day, quiet.quietFrom, studio.timeZone)
      : zonedInstant(fromDay, quiet.quietFrom, studio.timeZone);
  const endDay = quiet.quietFrom < quiet.quietUntil || !startedToday ? day : addDays(day, 1);
  const ends = zonedInstant(endDay, quiet.quietUntil, studio.timeZone);
  if (ends.getTime() <= startsAt.getTime() - leadBeforeSession) return ends;
  return new Date(began.getTime() - leadBeforeSession);
}
