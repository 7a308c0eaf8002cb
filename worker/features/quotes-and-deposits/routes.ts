import { type Context, Hono } from "hono";
import { birthDateField, releaseFormMessages } from "../../../shared/release-form";
import { z } from "../../../shared/schemas/z";
import { paymentSetupOf } from "../../platform/config";
import { log } from "../../platform/log";
import { limitBody } from "../../platform/middleware/body-limit";
import { validate } from "../../platform/middleware/validate";
import { studioDate } from "../../platform/studio-clock";
import { type StatusLinkEnv, sameOriginFromPrivatePage } from "../request-status/middleware";
import { cardOnFileOfRequest } from "./card-service";
import { cardStepAnchor } from "./card-step";
import { type DepositOutcome, depositReturnUrl, rememberReturn } from "./deposit-return";
import { acceptQuoteOf, quoteAndDepositOf, recordBirthDateOf } from "./service";
import { type BirthDateProblem, isClosed, quoteAnchor } from "./status-page";
import { openCardSetup, openDepositCheckout, type StripeReturnUrls, stripeSettings } from "./stripe";

/** The quote the client saw: accepting names it, so a quote replaced meanwhile is not accepted blind. */
const acceptForm = z.object({
  quote: z.string().min(1, "The quote is missing").max(100),
  dateOfBirth: z.string().max(40).optional(),
});

/**
 * The client's date of birth, checked against the studio's age rule on today's studio date
 * before anything is accepted or paid: the date, or what was wrong with it (the page names it).
 */
function birthDate(value: unknown): { ok: true; date: string } | { ok: false; problem: BirthDateProblem } {
  const parsed = birthDateField(studioDate(new Date())).safeParse(value);
  if (parsed.success) return { ok: true, date: parsed.data };
  const message = parsed.error.issues[0]?.message;
  return { ok: false, problem: message === releaseFormMessages.underAge ? "under-age" : "birth-date" };
}

/**
 * The status page's two steps through a Stripe page: what the log calls each, the outcomes Stripe
 * brings the client back with, and the page's answer (query and anchor) when Stripe cannot be reached.
 */
const stripeSteps = {
  deposit: {
    what: "deposit checkout",
    back: { done: "paid", cancelled: "cancelled" },
    unavailable: `?deposit=unavailable#${quoteAnchor}`,
  },
  card: {
    what: "card setup",
    back: { done: "card-saved", cancelled: "card-cancelled" },
    unavailable: `?card=unavailable#${cardStepAnchor}`,
  },
} as const satisfies Record<
  string,
  { what: string; back: Record<keyof StripeReturnUrls, DepositOutcome>; unavailable: string }
>;

/**
 * Sends the client on to the Stripe page `open` makes for `step` (given what every step's session
 * takes: the request, the way back and the time), remembering the way back to their request
 * (Stripe returns them through the return route, with the step's outcomes: never the status
 * page's address, the secret); when Stripe cannot be reached, logs it and brings them back to
 * their page, which says so.
 */
async function toStripePage(
  c: Context<StatusLinkEnv>,
  step: (typeof stripeSteps)[keyof typeof stripeSteps],
  open: (common: { submissionId: string; returnUrls: StripeReturnUrls; now: Date }) => Promise<string>,
) {
  try {
    const returnUrls = {
      done: depositReturnUrl(c.req.url, step.back.done),
      cancelled: depositReturnUrl(c.req.url, step.back.cancelled),
    };
    const url = await open({ submissionId: c.var.request.id, returnUrls, now: new Date() });
    rememberReturn(c, c.var.token);
    return c.redirect(url, 303);
  } catch (error) {
    log("error", `${step.what} not opened`, {
      requestId: c.get("requestId"),
      error: error instanceof Error ? error.message : String(error),
    });
    return c.redirect(`/requests/${c.var.token}${step.unavailable}`, 303);
  }
}

/**
 * The quote part of a request's status page (docs/decisions/020-quote-to-healed.md): the
 * client's plain forms post here, same-origin only, and are answered 303 back to the page, so a
 * reload sends nothing twice.
 */
export const requestQuote = new Hono<StatusLinkEnv>()
  .post(
    "/:token/quote/accept",
    sameOriginFromPrivatePage,
    limitBody(4 * 1024),
    validate("form", acceptForm),
    async (c) => {
      const { request, token } = c.var;
      const form = c.req.valid("form");
      const born = birthDate(form.dateOfBirth);
      // Nothing is accepted from someone the studio cannot tattoo, nor without the date.
      if (!born.ok) return c.redirect(`/requests/${token}?quote=${born.problem}#${quoteAnchor}`, 303);
      const accepted =
        !isClosed(request.status) &&
        (await acceptQuoteOf(c.env.DB, {
          submissionId: request.id,
          quoteId: form.quote,
          clientBornOn: born.date,
          now: new Date(),
        }));
      // A quote withdrawn or already accepted: the page shows where it now stands.
      return c.redirect(`/requests/${token}?quote=${accepted ? "accepted" : "changed"}#${quoteAnchor}`, 303);
    },
  )
  /**
   * "Pay the deposit": a Checkout session for the accepted quote's deposit, its amount read from
   * the stored quote, then 303 to Stripe's page. Nothing to pay (no accepted quote, a deposit
   * already paid, no Stripe keys) brings the page back as it is. A quote accepted before the
   * date of birth was asked carries none: the button's form asks it, and nothing opens without it.
   */
  .post(
    "/:token/deposit",
    sameOriginFromPrivatePage,
    limitBody(4 * 1024),
    validate("form", z.object({ dateOfBirth: z.string().max(40).optional() })),
    async (c) => {
      const { request, token } = c.var;
      const page = `/requests/${token}`;
      const settings = stripeSettings(c.env);
      const { quote, deposit } = await quoteAndDepositOf(c.env.DB, request.id);
      if (!settings || !quote || quote.status !== "accepted" || deposit || isClosed(request.status))
        return c.redirect(`${page}#${quoteAnchor}`, 303);
      if (!quote.clientBornOn) {
        const born = birthDate(c.req.valid("form").dateOfBirth);
        if (!born.ok) return c.redirect(`${page}?quote=${born.problem}#${quoteAnchor}`, 303);
        await recordBirthDateOf(c.env.DB, { submissionId: request.id, quoteId: quote.id }, born.date);
      }
      return toStripePage(c, stripeSteps.deposit, (common) =>
        openDepositCheckout(c.env, settings, {
          ...common,
          quoteId: quote.id,
          amountCents: quote.depositCents,
        }),
      );
    },
  )
  /**
   * "Save a card with Stripe", the booking step's card on file (docs/decisions/038-card-on-file.md):
   * a setup-mode Checkout session under the request's Stripe Customer, then 303 to Stripe's page.
   * Only while the studio keeps cards, after the deposit, for a request with no card saved; anything
   * else brings the page back as it is.
   */
  .post("/:token/card", sameOriginFromPrivatePage, limitBody(4 * 1024), async (c) => {
    const { request, token } = c.var;
    const page = `/requests/${token}`;
    const settings = stripeSettings(c.env);
    if (!settings || !paymentSetupOf(c.env).cardOnFile || isClosed(request.status))
      return c.redirect(`${page}#${cardStepAnchor}`, 303);
    const [{ deposit }, card] = await Promise.all([
      quoteAndDepositOf(c.env.DB, request.id),
      cardOnFileOfRequest(c.env.DB, request.id),
    ]);
    if (card) return c.redirect(`${page}?card=saved#${cardStepAnchor}`, 303);
    if (deposit?.status !== "paid") return c.redirect(`${page}#${cardStepAnchor}`, 303);
    return toStripePage(c, stripeSteps.card, (common) =>
      openCardSetup(c.env, settings, { ...common, name: request.name, email: request.email }),
    );
  });
