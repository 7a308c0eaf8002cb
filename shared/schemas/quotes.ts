import { policies } from "../studio";
import { optionalText } from "./fields";
import { z } from "./z";

/** The smallest deposit the studio takes: its published policy's amount, in dollars. */
export const minimumDepositDollars = policies.deposit.amount;
/** The longest note the artist sends with a quote. */
export const maxQuoteNoteChars = 1000;
/** A session's length the studio books, in minutes. */
export const sessionMinutesRange = { min: 30, max: 600 } as const;

const wholeDollars = (label: string, min: number, max: number) =>
  z
    .number({ error: `Enter the ${label} in whole dollars` })
    .int(`Enter the ${label} in whole dollars`)
    .min(min, `The ${label} is at least $${min}`)
    .max(max, `The ${label} is at most $${max.toLocaleString("en-US")}`);

/**
 * The artist's quote on a consultation request, in whole dollars as she types it (stored in
 * cents). A fixed price leaves `priceTo` empty; the deposit defaults to the studio's policy.
 */
export const quoteSchema = z
  .object({
    priceFrom: wholeDollars("price", 1, 100_000),
    /** The top of a range; empty for a fixed price. */
    priceTo: wholeDollars("top of the range", 1, 100_000).nullish(),
    sessions: z
      .number({ error: "Enter the number of sessions" })
      .int("Enter a whole number of sessions")
      .min(1, "At least one session")
      .max(20, "At most 20 sessions"),
    sessionMinutes: z
      .number({ error: "Choose the session length" })
      .int("Choose the session length")
      .min(sessionMinutesRange.min, "A session is at least 30 minutes")
      .max(sessionMinutesRange.max, "A session is at most 10 hours"),
    /** Empty: the studio's published deposit. */
    deposit: wholeDollars("deposit", minimumDepositDollars, 10_000).nullish(),
    note: optionalText(maxQuoteNoteChars, { multiline: true }),
  })
  .superRefine((quote, ctx) => {
    if (quote.priceTo != null && quote.priceTo < quote.priceFrom) {
      ctx.addIssue({ code: "custom", path: ["priceTo"], message: "The top of the range is below the price" });
    }
    if (quote.deposit != null && quote.deposit > (quote.priceTo ?? quote.priceFrom)) {
      ctx.addIssue({ code: "custom", path: ["deposit"], message: "The deposit is more than the price" });
    }
  });

export type QuoteInput = z.input<typeof quoteSchema>;
