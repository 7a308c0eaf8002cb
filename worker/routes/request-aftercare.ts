import { Hono } from "hono";
import { aftercareChoiceSchema } from "../../shared/schemas/aftercare";
import { latestCompletedBooking, setPortfolioPermission, setReminders } from "../db/queries/aftercare";
import { ApiError } from "../lib/api-error";
import { limitBody } from "../middleware/body-limit";
import { validate } from "../middleware/validate";
import { aftercareAnchor } from "../pages/status/aftercare";
import type { AppEnv } from "../types";
import { lookup, refused, sameOriginFromPrivatePage } from "./request-status";

/**
 * The aftercare part's two choices (docs/decisions/020-quote-to-healed.md, "Aftercare"), posted
 * by the status page's plain forms: the reminder e-mails, and the permission to show the healed
 * tattoo in the portfolio. Each is recorded with its time and can be changed back at any time.
 * A wrong or revoked token gets the page's own 404; a 303 brings the page back with the
 * confirmation, so a reload saves nothing twice.
 */
const choices = {
  reminders: setReminders,
  portfolio: setPortfolioPermission,
} as const;

export const requestAftercare = new Hono<AppEnv>().post(
  "/:token/aftercare/:what{reminders|portfolio}",
  sameOriginFromPrivatePage,
  limitBody(4 * 1024),
  validate("form", aftercareChoiceSchema),
  async (c) => {
    const found = await lookup(c);
    if (!found.found) return refused(c, found);
    const what = c.req.param("what") as keyof typeof choices;
    // The choices belong to a healing tattoo: before a session is done there is nothing to follow.
    if (!(await latestCompletedBooking(c.env.DB, found.request.id))) {
      throw new ApiError(409, "Aftercare starts once your session is done.");
    }
    const { choice } = c.req.valid("form");
    await choices[what](c.env.DB, found.request.id, choice === "on", new Date().toISOString());
    return c.redirect(
      `/requests/${c.req.param("token")}?aftercare=${what}-${choice}#${aftercareAnchor}`,
      303,
    );
  },
);
