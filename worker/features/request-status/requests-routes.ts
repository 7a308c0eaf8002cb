import { Hono } from "hono";
import { describeError } from "../../platform/api-error";
import { requestAftercare } from "../aftercare/routes";
import { bookingRoutes } from "../booking/routes";
import { requestQuote } from "../quotes-and-deposits/routes";
import { releaseFormPosts } from "../release-forms/routes";
import { type StatusLinkEnv, statusLink } from "./middleware";
import { formNotSent } from "./private-page";
import { requestStatus } from "./routes";

/**
 * Everything under a consultation request's private link, /requests/<token>
 * (docs/decisions/018-request-status-links.md): the status page, its conversation, and the forms
 * of its later stages (quote, deposit, booking, release form, aftercare). The link is resolved
 * once, here, for every route; a wrong, revoked or rate-limited link never reaches a handler.
 * Whatever a route throws is answered as a page (the path logged without its token, the secret).
 */
export const requests = new Hono<StatusLinkEnv>()
  .use("/:token/*", statusLink)
  .route("/", requestStatus)
  .route("/", requestQuote)
  .route("/", bookingRoutes)
  .route("/", releaseFormPosts)
  .route("/", requestAftercare)
  .onError((error, c) =>
    formNotSent(
      c,
      describeError(error, { requestId: c.get("requestId"), path: "/requests/…" }),
      c.var.token ?? null,
    ),
  );
