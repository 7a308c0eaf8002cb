import { type Context, Hono } from "hono";
import { bookSlotSchema, cancelBookingSchema } from "../../../shared/schemas/booking";
import { mailSettings } from "../../platform/config";
import { limitBody } from "../../platform/middleware/body-limit";
import { validate } from "../../platform/middleware/validate";
import { waitUntilOf } from "../../platform/wait-until";
import { publishedFacts } from "../content/facts";
import { needsCardFirst } from "../quotes-and-deposits/card-service";
import { refusedLink, statusPage } from "../request-status";
import { type StatusLinkEnv, sameOriginFromPrivatePage } from "../request-status/middleware";
import { statusUrl } from "../request-status/service";
import { runOffers } from "../waitlist/offers";
import { bookingEvent, bookingStateOf, bookSlot, cancelByClient, deliverBookingMail, sessionIcs } from ".";
import { bookingAnchor } from "./status-page";

/**
 * After the client books, moves or cancels a session: its e-mails go out and the time it freed is
 * offered (any booking may also close an offer), once answered; the client is back on the page.
 */
function backAfterChange(c: Context<StatusLinkEnv>, query: string) {
  waitUntilOf(c)?.(deliverBookingMail(c.env));
  waitUntilOf(c)?.(runOffers(c.env));
  return c.redirect(`/requests/${c.var.token}?${query}#${bookingAnchor}`, 303);
}

/**
 * The booking part of a request's status page (docs/decisions/020-quote-to-healed.md, "Booking"):
 * its two forms and the calendar file.
 */
export const bookingRoutes = new Hono<StatusLinkEnv>()
  /**
   * Books the time chosen, or moves the session to it. A time taken meanwhile answers the page
   * itself, 409, with fresh times; a booked one goes back to the page with its confirmation.
   */
  .post(
    "/:token/booking",
    sameOriginFromPrivatePage,
    limitBody(4 * 1024),
    validate("form", bookSlotSchema),
    async (c) => {
      const { request, token } = c.var;
      // While the studio keeps a card on file, a first booking needs one saved (the page asks first).
      if (await needsCardFirst(c.env, request.id))
        return c.redirect(`/requests/${token}?booking=card#${bookingAnchor}`, 303);
      const outcome = await bookSlot(c.env.DB, {
        submissionId: request.id,
        startsAt: c.req.valid("form").startsAt,
        now: new Date(),
      });
      if (outcome === "booked") return backAfterChange(c, "booked=1");
      if (outcome === "unchanged")
        return c.redirect(`/requests/${token}?booking=unchanged#${bookingAnchor}`, 303);
      if (outcome === "limit") return statusPage(c, 409, {}, new URLSearchParams({ booking: "limit" }));
      const query = new URLSearchParams(outcome === "taken" ? { taken: "1" } : { booking: "refused" });
      return statusPage(c, outcome === "taken" ? 409 : 400, {}, query);
    },
  )
  /** Cancels the session, at the tier the page stated when the client confirmed. */
  .post(
    "/:token/booking/cancel",
    sameOriginFromPrivatePage,
    limitBody(4 * 1024),
    validate("form", cancelBookingSchema),
    async (c) => {
      const { request, token } = c.var;
      const outcome = await cancelByClient(c.env.DB, {
        submissionId: request.id,
        shownTier: c.req.valid("form").tier,
        now: new Date(),
      });
      if (outcome === "cancelled") return backAfterChange(c, "cancelled=1");
      if (outcome === "tier-changed") {
        return statusPage(c, 409, {}, new URLSearchParams({ cancel: "1", booking: "tier-changed" }));
      }
      return c.redirect(`/requests/${token}#${bookingAnchor}`, 303);
    },
  )
  /** The booked session as a calendar file, for the client's calendar app. */
  .get("/:token/booking.ics", async (c) => {
    const { booking } = await bookingStateOf(c.env.DB, c.var.request.id);
    if (!booking || booking.status === "completed") return refusedLink(c, { found: false, limited: false });
    const settings = mailSettings(c.env);
    const body = sessionIcs(
      bookingEvent(booking, {
        facts: await publishedFacts(c.env),
        statusUrl: statusUrl(settings.siteUrl, c.var.token),
        siteUrl: settings.siteUrl,
      }),
    );
    return c.body(body, 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="tattoo-session.ics"',
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex",
    });
  });
