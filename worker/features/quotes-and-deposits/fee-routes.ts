import { Hono } from "hono";
import { sessionFeePeriodSchema, sessionFeeSchema } from "../../../shared/schemas/session-fees";
import { z } from "../../../shared/schemas/z";
import { ApiError } from "../../platform/api-error";
import { validate } from "../../platform/middleware/validate";
import { waitUntilOf } from "../../platform/wait-until";
import { consultationOr404 } from "../requests/lookup";
import type { AdminEnv } from "../sign-in/middleware";
import { feeCountsBetween } from "./card-service";
import { chargeSessionFee, feeStateOf, feeView, feeWords } from "./fees";
import { deliverDepositMail } from "./mail";

const idParam = z.object({ id: z.string().min(1).max(100) });

/**
 * The artist's no-show and late-cancellation fees (docs/decisions/038-card-on-file.md), at
 * /api/admin/session-fees: a request's session with its card and what each fee would be, the
 * one action that records and charges a fee, and the counts over a period for the dashboard.
 */
export const adminSessionFees = new Hono<AdminEnv>()
  /** No-shows, late cancellations and fees charged from one day (inclusive) to another (exclusive). */
  .get("/counts", validate("query", sessionFeePeriodSchema), async (c) => {
    const { from, to } = c.req.valid("query");
    return c.json(
      await feeCountsBetween(c.env.DB, { from: `${from}T00:00:00.000Z`, to: `${to}T00:00:00.000Z` }),
    );
  })
  /** The request's latest session: the card on file, the fees it could take now, the one it took. */
  .get("/of/:id", validate("param", idParam), async (c) => {
    const request = await consultationOr404(c.env.DB, c.req.valid("param").id);
    return c.json({ name: request.name, ...(await feeStateOf(c.env, request.id, new Date())) });
  })
  /**
   * Records the session a no-show or a late cancellation and charges the fee the artist confirmed.
   * 200 with the fee (charged, or recorded as not charged with no card on file); 402 with Stripe's
   * reason when the card was refused (recorded, and open to another try); 409 when the session
   * already has its fee, cannot take this one, or the fee changed since she confirmed it.
   */
  .post("/:id", validate("param", idParam), validate("json", sessionFeeSchema), async (c) => {
    const { kind, amountCents } = c.req.valid("json");
    const result = await chargeSessionFee(c.env, {
      bookingId: c.req.valid("param").id,
      kind,
      amountCents,
      actor: c.get("admin"),
      now: new Date(),
    });
    switch (result.outcome) {
      case "not-found":
        throw new ApiError(404, "There is no session with that id.");
      case "not-eligible":
        throw new ApiError(409, result.why, { code: "not_eligible" });
      case "amount-changed":
        throw new ApiError(
          409,
          `The fee is now ${feeWords(kind, result.amountCents)}: nothing was charged. Confirm the new amount.`,
          { code: "amount_changed" },
        );
      case "already":
        throw new ApiError(
          409,
          result.fee.status === "charged"
            ? `This session's ${feeWords(result.fee.kind, result.fee.amountCents)} was already charged: it is never charged twice.`
            : "This session's fee is already recorded.",
          { code: "already_recorded" },
        );
      case "failed":
        throw new ApiError(402, result.fee.failureMessage ?? "The charge failed.", {
          code: result.fee.failureCode ?? "charge_failed",
        });
      case "recorded":
        if (result.fee.status === "charged") waitUntilOf(c)?.(deliverDepositMail(c.env));
        return c.json({ fee: feeView(result.fee) });
    }
  });
