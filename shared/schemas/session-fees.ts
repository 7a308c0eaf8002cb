import { z } from "zod";

/**
 * The artist's no-show or late-cancellation fee (docs/decisions/038-card-on-file.md): which, and
 * the amount her confirmation stated, so a fee the policy changed meanwhile is never charged
 * unseen.
 */
export const sessionFeeSchema = z.object({
  kind: z.enum(["no-show", "late-cancellation"], { message: "Choose no-show or late cancellation" }),
  amountCents: z.number().int().min(0).max(10_000_000),
});

/** A period to count no-shows, late cancellations and fees over: from (inclusive) to (exclusive). */
export const sessionFeePeriodSchema = z
  .object({ from: z.iso.date(), to: z.iso.date() })
  .refine((period) => period.from < period.to, {
    message: "The period must end after it starts",
    path: ["to"],
  });
