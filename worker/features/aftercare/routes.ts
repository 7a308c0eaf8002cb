import { Hono } from "hono";
import { aftercareChoiceSchema } from "../../../shared/schemas/aftercare";
import { limitBody } from "../../platform/middleware/body-limit";
import { validate } from "../../platform/middleware/validate";
import { type StatusLinkEnv, sameOriginFromPrivatePage } from "../request-status/middleware";
import { recordAftercareChoice } from "./service";
import { aftercareAnchor } from "./status-page";

/**
 * The aftercare part's two choices (docs/decisions/020-quote-to-healed.md, "Aftercare"), posted
 * by the status page's plain forms: the reminder e-mails, and the permission to show the healed
 * tattoo in the portfolio. Each is recorded with its time and can be changed back at any time.
 * A 303 brings the page back with the
 * confirmation, so a reload saves nothing twice.
 */
export const requestAftercare = new Hono<StatusLinkEnv>().post(
  "/:token/aftercare/:what{reminders|portfolio}",
  sameOriginFromPrivatePage,
  limitBody(4 * 1024),
  validate("form", aftercareChoiceSchema),
  async (c) => {
    const { request, token } = c.var;
    const what = c.req.param("what") as "reminders" | "portfolio";
    const { choice } = c.req.valid("form");
    await recordAftercareChoice(c.env.DB, request.id, what, choice === "on", new Date());
    return c.redirect(`/requests/${token}?aftercare=${what}-${choice}#${aftercareAnchor}`, 303);
  },
);
