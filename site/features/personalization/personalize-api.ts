import type {
  PersonalizationContext,
  PersonalizationType,
  PersonalizeResponse,
} from "../../../shared/schemas/personalize";
import { api } from "../../lib/api-client";

/**
 * Client for POST /api/personalize with a small in-memory cache (10 minutes, at most 50
 * entries), so a visitor clicking Refresh does not pay for the same answer twice. A non-OK status throws 'API request failed: {status}' and
 * the caller shows its fallback text.
 */
const cacheMs = 10 * 60 * 1000;
const maxEntries = 50;
const cache = new Map<string, { at: number; value: PersonalizeResponse }>();

export async function personalize(
  type: PersonalizationType,
  context: PersonalizationContext,
  prompt?: string,
): Promise<PersonalizeResponse> {
  const key = JSON.stringify([type, context, prompt ?? null]);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < cacheMs) return hit.value;
  const response = await api.personalize.$post({
    json: prompt ? { type, context, prompt } : { type, context },
  });
  if (!response.ok) throw new Error(`API request failed: ${response.status}`);
  const value: PersonalizeResponse = await response.json();
  cache.set(key, { at: Date.now(), value });
  while (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
  return value;
}
