/** @jsxImportSource hono/jsx */
import { type Context, Hono } from "hono";
import { offerModeSchema, slotAlertSchema } from "../../../shared/schemas/offers";
import { z } from "../../../shared/schemas/z";
import { ApiError } from "../../platform/api-error";
import { formPageResponse, renderFormPage } from "../../platform/form-page";
import { markup } from "../../platform/markup";
import { limitBody } from "../../platform/middleware/body-limit";
import { validate } from "../../platform/middleware/validate";
import { waitUntilOf } from "../../platform/wait-until";
import type { AppEnv } from "../../types";
import { publishedFacts } from "../content/facts";
import { needsCardFirst } from "../quotes-and-deposits/card-service";
import { type StatusLinkEnv, sameOriginFromPrivatePage } from "../request-status/middleware";
import type { AdminEnv } from "../sign-in/middleware";
import { sitePageAt } from "../site-pages";
import { OfferMain } from "./offer-page";
import {
  approveOffer,
  forgetWishes,
  offersOverview,
  offerView,
  runOffers,
  saveWishes,
  setOfferMode,
  type TakeOutcome,
  takeOffer,
} from "./offers";
import { slotAlertAnchor } from "./slot-alert-page";

/**
 * Freed-slot offers' routes (docs/decisions/039-freed-slot-offers.md): the client's wishes on
 * their status page, the offer's private page, and the artist's setting and approvals.
 */

/** Back to the card on the status page, with the banner for what happened. */
const backToCard = (c: Context<StatusLinkEnv>, outcome: string) =>
  c.redirect(`/requests/${c.var.token}?sooner=${outcome}#${slotAlertAnchor}`, 303);

/** The card's two forms on a request's status page: save the times, or stop. */
export const slotAlertRoutes = new Hono<StatusLinkEnv>()
  .post("/:token/sooner", sameOriginFromPrivatePage, limitBody(4 * 1024), async (c) => {
    const form = slotAlertSchema.safeParse(await c.req.parseBody({ all: true }));
    if (!form.success) return backToCard(c, "invalid");
    await saveWishes(c.env.DB, c.var.request.id, form.data, new Date());
    return backToCard(c, "saved");
  })
  .post("/:token/sooner/off", sameOriginFromPrivatePage, limitBody(1024), async (c) => {
    await forgetWishes(c.env.DB, c.var.request.id);
    return backToCard(c, "off");
  });

/** The offer page, drawn into the booking page's frame: never cached, never indexed. */
async function offerPage(c: Context<AppEnv>, status: number, token: string, refused?: TakeOutcome) {
  const now = new Date();
  const view = await offerView(c.env.DB, token, now);
  const [page, facts] = await Promise.all([sitePageAt(c, "/book-consultation"), publishedFacts(c.env)]);
  const html = markup(
    <OfferMain
      token={token}
      view={view}
      refused={refused}
      phone={{ display: facts.studio.phone.display, href: facts.telHref }}
    />,
  );
  const rendered = renderFormPage(
    page,
    "/offers",
    { title: `Your offer | ${facts.studio.name}`, replace: { selector: "main", html } },
    facts.studio,
  );
  return formPageResponse(c, rendered, status, { "Referrer-Policy": "no-referrer" });
}

/** A link's token as the e-mail writes it (256 bits, base64url); anything else opens no offer. */
const tokenParam = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

const statusOf: Record<TakeOutcome, number> = {
  yours: 303,
  gone: 409,
  expired: 410,
  unknown: 404,
  deposit: 409,
  card: 409,
  limit: 409,
  refused: 409,
};

/**
 * /offers/<token>: the offer, and its one button. Taking it books the time through the booking's
 * own claim; a time taken meanwhile answers 409 with the page saying so plainly. An unknown link
 * is a 404 that says only that.
 */
export const offerPages = new Hono<AppEnv>()
  .get("/:token", async (c) => {
    const token = c.req.param("token");
    if (!tokenParam.safeParse({ token }).success) return offerPage(c, 404, "");
    const view = await offerView(c.env.DB, token, new Date());
    return offerPage(c, view.state === "unknown" ? 404 : view.state === "expired" ? 410 : 200, token);
  })
  .post("/:token", sameOriginFromPrivatePage, limitBody(1024), async (c) => {
    const token = c.req.param("token");
    if (!tokenParam.safeParse({ token }).success) return offerPage(c, 404, "");
    const outcome = await takeOffer(c.env.DB, token, new Date(), (id) => needsCardFirst(c.env, id));
    if (outcome === "yours") {
      waitUntilOf(c)?.(runOffers(c.env));
      return c.redirect(`/offers/${token}`, 303);
    }
    return offerPage(c, statusOf[outcome], token, outcome);
  });

const idParam = z.object({ id: z.string().min(1).max(100) });

/**
 * /api/admin/offers: the setting (offer freed times automatically, after approving each, or not
 * at all), the times awaiting approval with who would get each, and "send".
 */
export const adminOffers = new Hono<AdminEnv>()
  .get("/", async (c) => c.json(await offersOverview(c.env.DB, new Date())))
  .put("/settings", validate("json", offerModeSchema), async (c) => {
    await setOfferMode(c.env.DB, c.req.valid("json").mode, new Date());
    return c.json(await offersOverview(c.env.DB, new Date()));
  })
  .post("/:id/send", validate("param", idParam), async (c) => {
    const outcome = await approveOffer(c.env.DB, c.req.valid("param").id, new Date());
    if (outcome === "gone") throw new ApiError(404, "There is no freed time awaiting approval with that id.");
    if (outcome === "none")
      throw new ApiError(409, "Nobody waiting can take this time any more: it was not offered.", {
        code: "nobody",
      });
    waitUntilOf(c)?.(runOffers(c.env));
    return c.json({ status: "sent" as const });
  });
