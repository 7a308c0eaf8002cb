import { seoMessages } from "../../../shared/admin";
import { log } from "../../platform/log";
import { type Fetcher, fetchPageSpeed, fetchSearchAnalytics, parseServiceAccount } from "./google-apis";

/** Google's answers are kept this long: they change slowly and their quotas are small. */
const cacheTtlSeconds = 6 * 60 * 60;

/** For tests: the fetch the Google clients use (a local fake there, the real fetch here). */
export const googleFetch: { current: Fetcher } = { current: (input, init) => fetch(input, init) };

export type GoogleResult<T> =
  | { status: "live" | "cached"; fetchedAt: string; data: T }
  | { status: "not_configured"; reason: string }
  | { status: "error"; message: string };

async function cachedGoogle<T>(kv: KVNamespace, cacheKey: string, load: () => Promise<T>) {
  const cached = await kv.get<{ fetchedAt: string; data: T }>(cacheKey, "json");
  if (cached) return { status: "cached" as const, ...cached };
  const entry = { fetchedAt: new Date().toISOString(), data: await load() };
  await kv.put(cacheKey, JSON.stringify(entry), { expirationTtl: cacheTtlSeconds });
  return { status: "live" as const, ...entry };
}

/** A live source's answer, or the dashboard's fixed failure text (the cause goes to the log only). */
async function fromGoogle<T>(
  source: string,
  failure: string,
  load: () => Promise<GoogleResult<T>>,
): Promise<GoogleResult<T>> {
  try {
    return await load();
  } catch (error) {
    log("warn", `${source} failed`, { error: error instanceof Error ? error.message : String(error) });
    return { status: "error", message: failure };
  }
}

/** A Google source without its credentials: Google is not asked, and the page says why. */
const notConnected = (reason: string) =>
  Promise.resolve<GoogleResult<never>>({ status: "not_configured", reason });

/** PageSpeed Insights lab scores of the home page, when PAGESPEED_API_KEY is set. */
export function pageSpeed(input: { kv: KVNamespace; apiKey: string | undefined; siteUrl: string }) {
  const { apiKey } = input;
  if (!apiKey) {
    return notConnected(
      "Google's speed scores for the site are not switched on yet; whoever looks after the website can connect PageSpeed Insights.",
    );
  }
  return fromGoogle("PageSpeed Insights", seoMessages.pageSpeed, () => {
    const url = new URL("/", input.siteUrl).toString();
    return cachedGoogle(input.kv, `seo:pagespeed:${url}`, () =>
      fetchPageSpeed({ apiKey, url, fetcher: googleFetch.current }),
    );
  });
}

/** Search Console queries and pages, when a service account with read access is configured. */
export function searchConsole(input: {
  kv: KVNamespace;
  accountJson: string | undefined;
  property: string | undefined;
  siteUrl: string;
}) {
  const { accountJson } = input;
  if (!accountJson) {
    return notConnected(
      "Google search figures for the site are not switched on yet; whoever looks after the website can connect Search Console.",
    );
  }
  return fromGoogle("Search Console", seoMessages.searchConsole, () => {
    const account = parseServiceAccount(accountJson);
    const property = input.property || new URL("/", input.siteUrl).toString();
    return cachedGoogle(input.kv, `seo:search-console:${property}`, () =>
      fetchSearchAnalytics({ account, property, fetcher: googleFetch.current }),
    );
  });
}
