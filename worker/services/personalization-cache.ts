import type { PersonalizeRequest, PersonalizeResponse } from "../../shared/schemas/personalize";
import { log } from "../lib/log";

/** Ten minutes (shell-and-admin.md 9); a template written because AI failed lives 60 s only. */
export const cacheTtlSeconds = 600;
export const fallbackTtlSeconds = 60;

const normaliseText = (value: string) => value.toLowerCase().replace(/\s+/g, " ").trim();

/** Same meaning, same key: lower-cased, whitespace collapsed, lists de-duplicated and sorted. */
export function normaliseRequest(request: PersonalizeRequest): string {
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

export async function cacheKey(request: PersonalizeRequest): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(normaliseRequest(request)));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `personalize:v1:${request.type}:${hex}`;
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
