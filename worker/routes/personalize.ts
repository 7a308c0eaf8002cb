import { Hono } from "hono";
import { type PersonalizeResponse, personalizeRequestSchema } from "../../shared/schemas/personalize";
import { log } from "../lib/log";
import { rateLimit } from "../middleware/rate-limit";
import { validate } from "../middleware/validate";
import { writeWithAi } from "../services/ai-writer";
import {
  cacheKey,
  cacheTtlSeconds,
  fallbackTtlSeconds,
  readCache,
  writeCache,
} from "../services/personalization-cache";
import { writeFromTemplate } from "../services/template-writer";
import type { AppEnv } from "../types";

/**
 * POST /api/personalize: a greeting, tattoo ideas, local copy or trends for the visitor's
 * session context. Workers AI writes when bound (production); otherwise, and on any AI error,
 * the template writer does. Answers are cached in KV for 10 minutes by type + normalised
 * context (issue 6, item 4).
 */
export const personalize = new Hono<AppEnv>()
  .use(rateLimit((env) => env.RATE_LIMIT_PERSONALIZE, "personalize"))
  .post("/", validate("json", personalizeRequestSchema), async (c) => {
    const request = c.req.valid("json");
    const key = await cacheKey(request);
    const hit = await readCache(c.env.KV, key);
    if (hit) return c.json({ ...hit, cached: true } satisfies PersonalizeResponse);

    let answer: Omit<PersonalizeResponse, "cached"> | null = null;
    let ttl = cacheTtlSeconds;
    if (c.env.AI) {
      try {
        answer = { content: await writeWithAi(c.env.AI, c.env.AI_MODEL, request), source: "ai" };
      } catch (error) {
        log("warn", "AI writer failed; using the template writer", {
          requestId: c.get("requestId"),
          type: request.type,
          error: error instanceof Error ? error.message : String(error),
        });
        ttl = fallbackTtlSeconds;
      }
    }
    answer ??= { content: writeFromTemplate(request, key), source: "template" };
    await writeCache(c.env.KV, key, answer, ttl);
    return c.json({ ...answer, cached: false } satisfies PersonalizeResponse);
  });
