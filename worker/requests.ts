import { Hono } from "hono";
import { requestAftercare } from "./features/aftercare/routes";
import { aftercarePart } from "./features/aftercare/status-page";
import { bookingRoutes } from "./features/booking/routes";
import { bookingPart } from "./features/booking/status-page";
import { requestQuote } from "./features/quotes-and-deposits/routes";
import { quotePart } from "./features/quotes-and-deposits/status-page";
import { releaseFormPosts } from "./features/release-forms/routes";
import { releaseFormPart } from "./features/release-forms/status-page";
import { formNotSent, openStatusLink, requestStatus, type StatusLinkEnv } from "./features/request-status";
import { textsPart } from "./features/texts/status-page";
import { textOptInRoutes } from "./features/texts/status-routes";
import { slotAlertRoutes } from "./features/waitlist/offer-routes";
import { slotAlertPart } from "./features/waitlist/slot-alert-page";
import { describeError } from "./platform/api-error";

/**
 * Everything under a consultation request's private link, /requests/<token>
 * (docs/decisions/018-request-status-links.md), registered here as app.ts registers the rest: the
 * status page, its conversation, the forms of its later stages (quote, deposit, booking, release
 * form, aftercare, text reminders) and, in order after "Where it stands", each stage's part of the page
 * (docs/decisions/020-quote-to-healed.md). The link is resolved once, for every route; a wrong,
 * revoked or rate-limited link never reaches a handler. Whatever a route throws is answered as a
 * page (the path logged without its token, the secret).
 */
export const requests = new Hono<StatusLinkEnv>()
  .use(
    "/:token/*",
    openStatusLink([quotePart, bookingPart, slotAlertPart, textsPart, releaseFormPart, aftercarePart]),
  )
  .route("/", requestStatus)
  .route("/", requestQuote)
  .route("/", bookingRoutes)
  .route("/", textOptInRoutes)
  .route("/", slotAlertRoutes)
  .route("/", releaseFormPosts)
  .route("/", requestAftercare)
  .onError((error, c) =>
    formNotSent(
      c,
      describeError(error, { requestId: c.get("requestId"), path: "/requests/…" }),
      c.var.token ?? null,
    ),
  );
