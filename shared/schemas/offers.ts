import { z } from "./z";

/**
 * A client's wishes for a freed time (docs/decisions/039-freed-slot-offers.md): the days of the
 * week and parts of the day they can come, or a few dates. Nothing ticked is any time.
 */
export const dayParts = ["morning", "afternoon", "evening"] as const;
export type DayPart = (typeof dayParts)[number];
export const dayPartLabels: Record<DayPart, string> = {
  morning: "Mornings (before noon)",
  afternoon: "Afternoons (noon to 5 pm)",
  evening: "Evenings (from 5 pm)",
};

/** The dates a client can name at most. */
export const alertDatesMax = 3;

const list = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z.array(item).max(max),
  );

export const slotAlertSchema = z.object({
  weekday: list(z.coerce.number().int().min(0).max(6), 7),
  part: list(z.enum(dayParts), dayParts.length),
  date: list(
    z.union([z.literal(""), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Give a date as YYYY-MM-DD")]),
    alertDatesMax,
  ),
});
export type SlotAlertInput = z.infer<typeof slotAlertSchema>;

/** Whether freed times are offered automatically, after the artist approves each, or not at all. */
export const offerModeSchema = z.object({
  mode: z.enum(["auto", "approve", "off"], { message: "Choose auto, approve or off" }),
});
