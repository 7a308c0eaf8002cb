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
 * A texts form's handler: its fields read by `schema` (back to the card with `invalid` when they
 * do not pass), then `act` for this request, and back to the card with the outcome it names.
 */
function cardForm<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  invalid: string,
  act: (env: StatusLinkEnv["Bindings"], fields: T, submissionId: string) => Promise<string>,
) {
  return async (c: Context<StatusLinkEnv>) => {
    const form = schema.safeParse(await c.req.parseBody());
    if (!form.success) return backToCard(c, invalid);
    return backToCard(c, await act(c.env, form.data, c.var.request.id));
  };
}

/**
 * The text reminders' forms on a request's status page: a number to text a code to, the code,
 * and "off". Same-origin posts only, answered 303 back to the card with what happened; with no
 * text provider configured there is nothing here (404).
 */
export const textOptInRoutes = new Hono<StatusLinkEnv>()
  // The guards every one of the card's forms passes first.
  .on(
    "POST",
    ["/:token/texts", "/:token/texts/confirm", "/:token/texts/off"],
    whenConfigured,
    sameOriginFromPrivatePage,
    limitBody(2 * 1024),
  )
  .post(
    "/:token/texts",
    cardForm(textOptInSchema, "bad-number", async (env, { phone }, submissionId) => {
      const outcome = await sendCode(env, { submissionId, phone, now: new Date() });
      return outcome === "sent" ? "code-sent" : outcome;
    }),
  )
  .post(
    "/:token/texts/confirm",
    cardForm(textCodeSchema, "wrong", async (env, { code }, submissionId) => {
      const outcome = await confirmCode(env, { submissionId, code, now: new Date() });
      return outcome === "none" ? "expired" : outcome;
    }),
  )
  .post("/:token/texts/off", async (c) => {
    await turnTextsOff(c.env, c.var.request.id, new Date());
    return backToCard(c, "off");
  });
