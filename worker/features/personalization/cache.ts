import type { PersonalizeRequest, PersonalizeResponse } from "../../../shared/schemas/personalize";
import { sha256Hex } from "../../platform/crypto";
import { log } from "../../platform/log";

/**
 * Ten minutes, so a visitor's page stays the same while they read it; a template written
 * because AI failed lives 60 s only, so AI gets another chance soon.
 */
export const cacheTtlSeconds = 600;
export const fallbackTtlSeconds = 60;

const normaliseText = (value: string) => value.toLowerCase().replace(/\s+/g, " ").trim();

/** Same meaning, same key: lower-cased, whitespace collapsed, lists de-duplicated and sorted. */
function normaliseRequest(request: PersonalizeRequest): string {
  const context: Record<string, unknown> = {};
  for (const key of Object.keys(request.context).sort()) {
    const value = request.context[key as keyof PersonalizeRequest["context"]];
    if (value === undefined) continue;
    context[key] = Array.isArray(value)
      ? [...new Set(value.map(normaliseText).filter(Boolean))].sort()
      : normaliseText(value);
  }
  return JSON.stringify({ context, prompt: request.prompt ? normaliseText(request.prompt) : null });
}

/**
 * The answer's KV key. The text states the studio's facts (its name, hours, prices), so the live
 * content version is part of it: a publish starts new answers rather than serve old facts.
 */
export async function cacheKey(request: PersonalizeRequest, contentVersion: number | null): Promise<string> {
  const version = contentVersion === null ? "" : `:c${contentVersion}`;
  return `personalize:v1:${request.type}:${await sha256Hex(normaliseRequest(request))}${version}`;
}

type Cached = Omit<PersonalizeResponse, "cached">;

/** KV trouble never fails a request: it is logged and the text is written afresh. */
export async function readCache(kv: KVNamespace, key: string): Promise<Cached | null> {
  try {
    return await kv.get<Cached>(key, "json");
  } catch (error) {
    log("warn", "personalization cache read failed", { error: String(error) });
    return null;
  }
}

export async function writeCache(kv: KVNamespace, key: string, value: Cached, ttl: number): Promise<void> {
  try {
    await kv.put(key, JSON.stringify(value), { expirationTtl: ttl });
  } catch (error) {
    log("warn", "personalization cache write failed", { error: String(error) });
  }
}
