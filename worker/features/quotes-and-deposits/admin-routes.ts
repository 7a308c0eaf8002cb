import { Hono } from "hono";
import { birthDateField } from "../../../shared/release-form";
import { quoteSchema } from "../../../shared/schemas/quotes";
import { z } from "../../../shared/schemas/z";
import { ApiError } from "../../platform/api-error";
import { validate } from "../../platform/middleware/validate";
import { studioDate } from "../../platform/studio-clock";
import { waitUntilOf } from "../../platform/wait-until";
import { deliverMessageMail } from "../conversation/service";
import { consultationOr404 } from "../requests/lookup";
import type { AdminEnv } from "../sign-in/middleware";
import {
  BirthDateNeeded,
  type Deposit,
  markDepositReceived,
  NoOpenQuote,
  type Quote,
  quoteAndDepositOf,
  sendQuote,
} from "./service";
import { expireReplacedCheckouts, stripeSettings } from "./stripe";

const idParam = z.object({ id: z.string().min(1).max(100) });

const quoteView = (quote: Quote) => ({
  id: quote.id,
  priceMinCents: quote.priceMinCents,
  priceMaxCents: quote.priceMaxCents,
  sessions: quote.sessions,
  sessionMinutes: quote.sessionMinutes,
  depositCents: quote.depositCents,
  note: quote.note,
  status: quote.status,
  createdAt: quote.createdAt,
  acceptedAt: quote.acceptedAt,
  /** Whether the client's date of birth is on record (the date itself stays off the card). */
  birthDateGiven: quote.clientBornOn !== null,
});

const depositView = (deposit: Deposit) => ({
  amountCents: deposit.amountCents,
  method: deposit.method,
  status: deposit.status,
  paidAt: deposit.paidAt,
});

/**
 * The quote and deposit of a consultation request, from its card in the inbox, mounted at
 * /api/admin/consultations/:id/... (docs/decisions/020-quote-to-healed.md, "Quote and deposit").
 */
export const consultationQuotes = new Hono<AdminEnv>()
  /** The open quote and the paid deposit, with what the quote form needs: the policy's deposit. */
  .get("/:id/quote", validate("param", idParam), async (c) => {
    const request = await consultationOr404(c.env.DB, c.req.valid("param").id);
    const { quote, deposit, policy } = await quoteAndDepositOf(c.env.DB, request.id);
    return c.json({
      quote: quote ? quoteView(quote) : null,
      deposit: deposit ? depositView(deposit) : null,
      policyDepositCents: policy.amountCents,
      onlinePayments: stripeSettings(c.env) !== null,
    });
  })
  /**
   * A new quote: the open one is withdrawn, this one saved and audited, posted in the
   * conversation, and the client e-mailed after the answer (the conversation's outbox).
   */
  .post("/:id/quotes", validate("param", idParam), validate("json", quoteSchema), async (c) => {
    const request = await consultationOr404(c.env.DB, c.req.valid("param").id);
    const { quote, messageId } = await sendQuote(c.env, {
      submissionId: request.id,
      quote: c.req.valid("json"),
      actor: c.get("admin"),
      now: new Date(),
    });
    // The old quote's payment page closes before the artist is answered: the client may be on it.
    const settings = stripeSettings(c.env);
    if (settings) await expireReplacedCheckouts(c.env, settings, request.id);
    waitUntilOf(c)?.(deliverMessageMail(c.env, { only: messageId }));
    return c.json({ quote: quoteView(quote) }, 201);
  })
  /**
   * The deposit was paid in cash at the studio (or no Stripe keys are configured): marked by hand.
   * The client's date of birth comes with it when the quote has none (the artist reads it from
   * their ID), checked against the studio's age rule like the client's own.
   */
  .post(
    "/:id/deposit/received",
    validate("param", idParam),
    // No body at all (the quote already carries the date) reads as an empty object.
    validate("json", z.object({ clientBornOn: z.string().max(40).optional() })),
    async (c) => {
      const request = await consultationOr404(c.env.DB, c.req.valid("param").id);
      const given = c.req.valid("json").clientBornOn;
      let clientBornOn: string | null = null;
      if (given !== undefined) {
        const born = birthDateField(studioDate(new Date())).safeParse(given);
        if (!born.success) {
          const message = born.error.issues[0]?.message ?? "Check the date of birth";
          throw new ApiError(400, `${message}.`, { fields: { clientBornOn: message } });
        }
        clientBornOn = born.data;
      }
      try {
        const marked = await markDepositReceived(c.env, {
          submissionId: request.id,
          clientBornOn,
          actor: c.get("admin"),
          now: new Date(),
        });
        if (!marked) throw new ApiError(409, "A deposit is already recorded as paid on this request.");
      } catch (error) {
        if (error instanceof NoOpenQuote)
          throw new ApiError(409, "Send a quote first: the deposit secures a quote.");
        if (error instanceof BirthDateNeeded)
          throw new ApiError(
            422,
            "Enter the client's date of birth from their ID: the studio takes no deposit before it.",
            { fields: { clientBornOn: "Enter the client's date of birth from their ID" } },
          );
        throw error;
      }
      const { deposit } = await quoteAndDepositOf(c.env.DB, request.id);
      return c.json({ deposit: deposit ? depositView(deposit) : null });
    },
  );
