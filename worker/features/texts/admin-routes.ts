import { Hono } from "hono";
import { textRenderedMax, textSettingsSchema } from "../../../shared/schemas/texts";
import { z } from "../../../shared/schemas/z";
import { ApiError } from "../../platform/api-error";
import { validate } from "../../platform/middleware/validate";
import type { AdminEnv } from "../sign-in/middleware";
import { previewTexts, saveSettings, textSettingsView, textsOf } from "./service";

const idParam = z.object({ id: z.string().min(1).max(100) });
const previewBody = textSettingsSchema.pick({ templates: true });

/** 400 naming each template whose filled-in text is longer than two text segments. */
function tooLong(previews: ReturnType<typeof previewTexts>) {
  const long = Object.entries(previews).filter(([, preview]) => preview.length > textRenderedMax);
  if (!long.length) return;
  throw new ApiError(400, `Filled in, a text is at most ${textRenderedMax} characters (two texts).`, {
    code: "validation",
    fields: Object.fromEntries(
      long.map(([name, preview]) => [
        `templates.${name}`,
        `${preview.length} characters filled in: at most ${textRenderedMax}`,
      ]),
    ),
  });
}

/**
 * /api/admin/texts: the studio's text settings (reminder hours, quiet hours, templates), a
 * preview of the templates filled in, and the log of every text in and out, for all clients or
 * one request.
 */
export const adminTexts = new Hono<AdminEnv>()
  .get("/settings", async (c) => c.json(await textSettingsView(c.env)))
  .put("/settings", validate("json", textSettingsSchema), async (c) => {
    const settings = c.req.valid("json");
    tooLong(previewTexts(settings));
    await saveSettings(c.env.DB, settings, new Date());
    return c.json(await textSettingsView(c.env));
  })
  .post("/preview", validate("json", previewBody), async (c) => {
    const previews = previewTexts(c.req.valid("json"));
    return c.json({ previews, max: textRenderedMax });
  })
  .get("/log", async (c) => c.json((await textsOf(c.env, null)) ?? { optIn: null, messages: [] }))
  .get("/of/:id", validate("param", idParam), async (c) => {
    const texts = await textsOf(c.env, c.req.valid("param").id);
    if (!texts) throw new ApiError(404, "There is no consultation request with that id.");
    return c.json(texts);
  });
