import { importPKCS8, SignJWT } from "jose";

/**
 * Server-side clients for Google PageSpeed Insights and Search Console (third-party
 * credentials stay on the server). Both take the fetch to use and the base URLs so tests run
 * the real code against a local fake of Google.
 */
export type Fetcher = (input: string, init?: RequestInit) => Promise<Response>;

// The dashboard gives up on a Google source after 10 s and shows its failure text instead.
const TIMEOUT_MS = 10_000;

export interface PageSpeedResult {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  metrics: {
    firstContentfulPaint: number;
    largestContentfulPaint: number;
    cumulativeLayoutShift: number;
    speedIndex: number;
  };
}

export async function fetchPageSpeed(options: {
  apiKey: string;
  url: string;
  fetcher?: Fetcher;
  baseUrl?: string;
}): Promise<PageSpeedResult> {
  const endpoint = new URL(
    "/pagespeedonline/v5/runPagespeed",
    options.baseUrl ?? "https://www.googleapis.com",
  );
  endpoint.searchParams.set("url", options.url);
  endpoint.searchParams.set("strategy", "mobile");
  for (const category of ["performance", "accessibility", "best-practices", "seo"]) {
    endpoint.searchParams.append("category", category);
  }
  endpoint.searchParams.set("key", options.apiKey);
  const response = await (options.fetcher ?? fetch)(endpoint.toString(), {
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`PageSpeed Insights answered ${response.status}`);
  const body = (await response.json()) as {
    lighthouseResult?: {
      categories?: Record<string, { score: number | null }>;
      audits?: Record<string, { numericValue?: number }>;
    };
  };
  const categories = body.lighthouseResult?.categories;
  const audits = body.lighthouseResult?.audits ?? {};
  const score = (name: string) => {
    const value = categories?.[name]?.score;
    if (typeof value !== "number") throw new Error(`PageSpeed Insights returned no ${name} score`);
    return Math.round(value * 100);
  };
  const metric = (name: string) => {
    const value = audits[name]?.numericValue;
    if (typeof value !== "number") throw new Error(`PageSpeed Insights returned no ${name}`);
    return value;
  };
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    metrics: {
      firstContentfulPaint: metric("first-contentful-paint"),
      largestContentfulPaint: metric("largest-contentful-paint"),
      cumulativeLayoutShift: metric("cumulative-layout-shift"),
      speedIndex: metric("speed-index"),
    },
  };
}

export interface ServiceAccount {
  client_email: string;
  private_key: string;
  token_uri?: string;
}

export function parseServiceAccount(json: string): ServiceAccount {
  const value = JSON.parse(json) as Partial<ServiceAccount>;
  if (typeof value.client_email !== "string" || typeof value.private_key !== "string") {
    throw new Error("The Search Console service account needs client_email and private_key");
  }
  return value as ServiceAccount;
}

/** OAuth 2.0 access token for a service account: a JWT assertion signed RS256 with jose. */
async function serviceAccountToken(account: ServiceAccount, fetcher: Fetcher, nowMs = Date.now()) {
  const tokenUri = account.token_uri ?? "https://oauth2.googleapis.com/token";
  const key = await importPKCS8(account.private_key, "RS256");
  const iat = Math.floor(nowMs / 1000);
  const assertion = await new SignJWT({ scope: "https://www.googleapis.com/auth/webmasters.readonly" })
    .setProtectedHeader({ alg: "RS256", typ: "JWT" })
    .setIssuer(account.client_email)
    .setAudience(tokenUri)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600)
    .sign(key);
  const response = await fetcher(tokenUri, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
      assertion,
    }).toString(),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`Google token endpoint answered ${response.status}`);
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error("Google token endpoint returned no access token");
  return body.access_token;
}

export interface SearchAnalytics {
  totalClicks: number;
  totalImpressions: number;
  averageCTR: number;
  averagePosition: number;
  topKeywords: { keyword: string; position: number; clicks: number; ctr: number; impressions: number }[];
  startDate: string;
  endDate: string;
}

interface SearchRow {
  keys?: string[];
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
}

/** Search totals and the top 10 queries of the last 30 days. */
export async function fetchSearchAnalytics(options: {
  account: ServiceAccount;
  property: string;
  fetcher?: Fetcher;
  baseUrl?: string;
  nowMs?: number;
}): Promise<SearchAnalytics> {
  const fetcher = options.fetcher ?? fetch;
  const nowMs = options.nowMs ?? Date.now();
  const token = await serviceAccountToken(options.account, fetcher, nowMs);
  const day = (offset: number) => new Date(nowMs - offset * 86_400_000).toISOString().slice(0, 10);
  const startDate = day(30);
  const endDate = day(1);
  const endpoint = new URL(
    `/webmasters/v3/sites/${encodeURIComponent(options.property)}/searchAnalytics/query`,
    options.baseUrl ?? "https://searchconsole.googleapis.com",
  ).toString();
  const query = async (body: Record<string, unknown>) => {
    const response = await fetcher(endpoint, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ startDate, endDate, ...body }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`Search Console answered ${response.status}`);
    return ((await response.json()) as { rows?: SearchRow[] }).rows ?? [];
  };
  const [totals, keywords] = await Promise.all([query({}), query({ dimensions: ["query"], rowLimit: 10 })]);
  const total = totals[0];
  return {
    totalClicks: total?.clicks ?? 0,
    totalImpressions: total?.impressions ?? 0,
    averageCTR: total?.ctr ?? 0,
    averagePosition: total?.position ?? 0,
    topKeywords: keywords.map((row) => ({
      keyword: row.keys?.[0] ?? "",
      position: row.position,
      clicks: row.clicks,
      ctr: row.ctr,
      impressions: row.impressions,
    })),
    startDate,
    endDate,
  };
}
