import type { PersonalizeRequest, PersonalizeResponse } from "../../../shared/schemas/personalize";
import { log } from "../../platform/log";
import { publishedWithFacts } from "../content/facts";
import { writeWithAi } from "./ai-writer";
import { cacheKey, cacheTtlSeconds, fallbackTtlSeconds, readCache, writeCache } from "./cache";
import { writeFromTemplate } from "./template-writer";

/**
 * A greeting, tattoo ideas, local copy or trends for the visitor's session context. Workers AI
 * writes when bound (production); otherwise, and on any AI error, the template writer does.
 * Answers are cached in KV for 10 minutes by type and normalised context; a template written
 * because AI failed is kept only briefly, so AI gets another chance soon.
 */
export async function personalize(
  request: PersonalizeRequest,
  bindings: { kv: KVNamespace; ai: Ai | undefined; model: string; db: D1Database },
): Promise<PersonalizeResponse> {
  // The text states the studio's facts (name, hours, prices): a publish starts new answers.
  const { facts, version } = await publishedWithFacts({ DB: bindings.db });
  const key = await cacheKey(request, version);
  const hit = await readCache(bindings.kv, key);
  if (hit) return { ...hit, cached: true };

  let answer: Omit<PersonalizeResponse, "cached"> | null = null;
  let ttl = cacheTtlSeconds;
  if (bindings.ai) {
    try {
      answer = {
        content: await writeWithAi(bindings.ai, bindings.model, request, facts.studio),
        source: "ai",
      };
    } catch (error) {
      log("warn", "AI writer failed; using the template writer", {
        type: request.type,
        error: error instanceof Error ? error.message : String(error),
      });
      ttl = fallbackTtlSeconds;
    }
  }
  answer ??= { content: writeFromTemplate(request, key, facts), source: "template" };
  await writeCache(bindings.kv, key, answer, ttl);
  return { ...answer, cached: false };
}
