import { Hono } from "hono";
import { personalizeRequestSchema } from "../../../shared/schemas/personalize";
import { limitBody } from "../../platform/middleware/body-limit";
import { rateLimit } from "../../platform/middleware/rate-limit";
import { validate } from "../../platform/middleware/validate";
import type { AppEnv } from "../../types";
import { personalize } from "./service";

/** POST /api/personalize: text for the visitor's session context, from AI or the templates. */
export const personalizeRoute = new Hono<AppEnv>()
  .use(
    rateLimit((env) => env.RATE_LIMIT_PERSONALIZE, "personalize"),
    // Every context list and the prompt at their longest, in three-byte characters, is about 27 KB.
    limitBody(32 * 1024),
  )
  .post("/", validate("json", personalizeRequestSchema), async (c) =>
    c.json(
      await personalize(c.req.valid("json"), {
        kv: c.env.KV,
        ai: c.env.AI,
        model: c.env.AI_MODEL,
        db: c.env.DB,
      }),
    ),
  );
