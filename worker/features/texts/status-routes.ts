import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { textCodeSchema, textOptInSchema } from "../../../shared/schemas/texts";
import { limitBody } from "../../platform/middleware/body-limit";
import { refusedLink } from "../request-status";
import { type StatusLinkEnv, sameOriginFromPrivatePage } from "../request-status/middleware";
import { confirmCode, sendCode, textsConfigured, turnTextsOff } from "./service";
import { textsAnchor } from "./status-page";

/** Without a text provider there are no texts to turn on: the forms are not found. */
const whenConfigured = createMiddleware<StatusLinkEnv>(async (c, next) => {
  if (!textsConfigured(c.env)) return refusedLink(c, { found: false, limited: false });
  await next();
});

/** Back to the texts card on the status page, with the banner for what happened. */
const backToCard = (c: Context<StatusLinkEnv>, outcome: string) =>
  c.redirect(`/requests/${c.var.token}?texts=${outcome}#${textsAnchor}`, 303);

/**
 * The text reminders' forms on a request's status page: a number to text a code to, the code,
 * and "off". Same-origin posts only, answered 303 back to the card with what happened; with no
 * text provider configured there is nothing here (404).
 */
export const textOptInRoutes = new Hono<StatusLinkEnv>()
  .post("/:token/texts", whenConfigured, sameOriginFromPrivatePage, limitBody(2 * 1024), async (c) => {
    const form = textOptInSchema.safeParse(await c.req.parseBody());
    if (!form.success) return backToCard(c, "bad-number");
    const outcome = await sendCode(c.env, {
      submissionId: c.var.request.id,
      phone: form.data.phone,
      now: new Date(),
    });
    return backToCard(c, outcome === "sent" ? "code-sent" : outcome);
  })
  .post(
    "/:token/texts/confirm",
    whenConfigured,
    sameOriginFromPrivatePage,
    limitBody(2 * 1024),
    async (c) => {
      const form = textCodeSchema.safeParse(await c.req.parseBody());
      if (!form.success) return backToCard(c, "wrong");
      const outcome = await confirmCode(c.env, {
        submissionId: c.var.request.id,
        code: form.data.code,
        now: new Date(),
      });
      return backToCard(c, outcome === "none" ? "expired" : outcome);
    },
  )
  .post("/:token/texts/off", whenConfigured, sameOriginFromPrivatePage, limitBody(2 * 1024), async (c) => {
    await turnTextsOff(c.env, c.var.request.id, new Date());
    return backToCard(c, "off");
  });
