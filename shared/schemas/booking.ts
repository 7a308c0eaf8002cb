import { z } from "zod";

/** The status page's booking form: the start of the slot chosen, as the page listed it (UTC). */
export const bookSlotSchema = z.object({
  startsAt: z.iso.datetime({ message: "Choose a time from the list" }),
});

/** The cancel form carries the tier the page stated, so a changed one is never applied unseen. */
export const cancelBookingSchema = z.object({
  tier: z.enum(["transfer", "half-kept", "forfeited"], { message: "Cancel from your request's page" }),
});

/** A day the artist is away, YYYY-MM-DD, with an optional note for herself. */
export const blockedDateSchema = z.object({
  date: z.iso.date({ message: "Give a date (YYYY-MM-DD)" }),
  note: z.string().trim().max(200, "At most 200 characters").optional(),
});
