import { toBase64 } from "../../platform/crypto";

/**
 * A rendered page as it is kept in the Cache API and in KV: its HTML plus what the response
 * needs besides (status, the hashes of the styles it inlines, the content version it shows).
 */
export interface StoredPage {
  html: string;
  status: number;
  /** CSP hash sources (`'sha256-...'`) of the page's inline stylesheets. */
  styleHashes: string[];
  version: number;
  /** The page shows the announcement (see keys.ts). */
  notice: boolean;
  /** The media type when not HTML (the sitemap). */
  contentType?: string;
}

export const htmlType = "text/html; charset=utf-8";

/** What KV keeps next to a page's HTML (a key's metadata holds at most 1 KiB). */
type PageMetadata = Omit<StoredPage, "html">;

const cacheYear = "public, max-age=31536000";

/**
 * The Cache API entry of a page. Stored as a 200 whatever the page's status (the status rides
 * in a header), so that a not-found page is kept like any other, and with a year-long lifetime
 * for the cache itself: the key changes with every version, so an entry is never outdated.
 */
export function toCacheEntry(page: StoredPage): Response {
  return new Response(page.html, {
    headers: {
      "content-type": page.contentType ?? htmlType,
      "cache-control": cacheYear,
      "x-page-status": String(page.status),
      "x-page-version": String(page.version),
      "x-page-notice": page.notice ? "1" : "0",
      "x-page-style-hashes": page.styleHashes.join(" "),
    },
  });
}

export async function fromCacheEntry(entry: Response): Promise<StoredPage> {
  const hashes = entry.headers.get("x-page-style-hashes") ?? "";
  const type = entry.headers.get("content-type");
  return {
    html: await entry.text(),
    status: Number(entry.headers.get("x-page-status") ?? 200),
    version: Number(entry.headers.get("x-page-version") ?? 0),
    notice: entry.headers.get("x-page-notice") === "1",
    styleHashes: hashes ? hashes.split(" ") : [],
    ...(type && type !== htmlType ? { contentType: type } : {}),
  };
}

export async function readKvPage(kv: KVNamespace, key: string): Promise<StoredPage | null> {
  const { value, metadata } = await kv.getWithMetadata<PageMetadata>(key, "text");
  if (value === null || !metadata) return null;
  return { ...metadata, notice: metadata.notice ?? false, html: value };
}

export function writeKvPage(kv: KVNamespace, key: string, page: StoredPage): Promise<void> {
  const { html, ...metadata } = page;
  return kv.put(key, html, { metadata });
}

const inlineStyle = /<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/g;

/**
 * The CSP hash sources of every stylesheet a page inlines, computed from the HTML itself, so
 * the policy allows exactly what the page carries whatever the build inlined into it.
 */
export async function styleHashesOf(html: string): Promise<string[]> {
  const hashes = new Set<string>();
  for (const [, css = ""] of html.matchAll(inlineStyle)) {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(css));
    hashes.add(`'sha256-${toBase64(new Uint8Array(digest))}'`);
  }
  return [...hashes];
}
