import { pageSecurityHeaders } from "../../../shared/security-headers";
import { pageEtag } from "./keys";
import { htmlType, type StoredPage } from "./page-store";

/**
 * Browsers keep a page but ask again every time: a returning visitor gets a 304 while the
 * version is unchanged, and the new version as soon as it is live, never an old copy.
 */
export const pageCacheControl = "public, max-age=0, must-revalidate";

export interface ResponseOptions {
  request: Request;
  build: string;
  turnstile: boolean;
}

/** True when the request's If-None-Match names `etag` (or is `*`). */
function matches(request: Request, etag: string): boolean {
  const header = request.headers.get("if-none-match");
  if (!header) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}

/**
 * The answer for a page: its status, the browser caching rule, the page's security headers
 * (style-src allowing exactly its inline styles) and, for a found page, an ETag of the build,
 * version and path, with a bodiless 304 when the browser already holds it.
 */
export function pageResponse(page: StoredPage, path: string, options: ResponseOptions): Response {
  const headers = new Headers(
    pageSecurityHeaders({ turnstile: options.turnstile, styleHashes: page.styleHashes }),
  );
  headers.set("Content-Type", page.contentType ?? htmlType);
  headers.set("Cache-Control", pageCacheControl);
  const body = options.request.method === "HEAD" ? null : page.html;
  if (page.status !== 200) return new Response(body, { status: page.status, headers });
  const etag = pageEtag(options.build, page, path);
  headers.set("ETag", etag);
  if (matches(options.request, etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { status: 200, headers });
}
