import { Hono } from "hono";
import { z } from "../../../shared/schemas/z";
import { log } from "../../platform/log";
import { limitBody } from "../../platform/middleware/body-limit";
import { validate } from "../../platform/middleware/validate";
import { type StatusLinkEnv, sameOriginFromPrivatePage } from "../request-status/middleware";
import { depositReturnUrl, rememberReturn } from "./deposit-return";
import { acceptQuoteOf, quoteAndDepositOf } from "./service";
import { isClosed, quoteAnchor } from "./status-page";
import { openDepositCheckout, stripeSettings } from "./stripe";

/** The quote the client saw: accepting names it, so a quote replaced meanwhile is not accepted blind. */
const acceptForm = z.object({ quote: z.string().min(1, "The quote is missing").max(100) });

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
      const accepted =
        !isClosed(request.status) &&
        (await acceptQuoteOf(c.env.DB, request.id, c.req.valid("form").quote, new Date()));
      // A quote withdrawn or already accepted: the page shows where it now stands.
      return c.redirect(`/requests/${token}?quote=${accepted ? "accepted" : "changed"}#${quoteAnchor}`, 303);
    },
  )
  /**
   * "Pay the deposit": a Checkout session for the accepted quote's deposit, its amount read from
   * the stored quote, then 303 to Stripe's page. Nothing to pay (no accepted quote, a deposit
   * already paid, no Stripe keys) brings the page back as it is.
   */
  .post("/:token/deposit", sameOriginFromPrivatePage, limitBody(4 * 1024), async (c) => {
    const { request, token } = c.var;
    const page = `/requests/${token}`;
    const settings = stripeSettings(c.env);
    const { quote, deposit } = await quoteAndDepositOf(c.env.DB, request.id);
    if (!settings || !quote || quote.status !== "accepted" || deposit || isClosed(request.status))
      return c.redirect(`${page}#${quoteAnchor}`, 303);
    try {
      const url = await openDepositCheckout(c.env, settings, {
        submissionId: request.id,
        quoteId: quote.id,
        amountCents: quote.depositCents,
        returnUrls: {
          paid: depositReturnUrl(c.req.url, "paid"),
          cancelled: depositReturnUrl(c.req.url, "cancelled"),
        },
        now: new Date(),
      });
      rememberReturn(c, token);
      return c.redirect(url, 303);
    } catch (error) {
      log("error", "deposit checkout not opened", {
        requestId: c.get("requestId"),
        error: error instanceof Error ? error.message : String(error),
      });
      return c.redirect(`${page}?deposit=unavailable#${quoteAnchor}`, 303);
    }
  });
