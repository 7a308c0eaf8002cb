/**
 * Security headers sent with every response: static assets get them through the generated
 * `_headers` file, worker responses through the security-headers middleware. One list, so the
 * two can never drift apart. Framing is refused here (`frame-ancestors 'none'`), by the browser,
 * rather than by a script that a framing page could race or disable.
 */

/** Directives of the Content-Security-Policy, in the order they are sent. */
const cspDirectives: ReadonlyArray<readonly [string, string]> = [
  ["default-src", "'self'"],
  ["script-src", "'self'"],
  ["style-src", "'self'"],
  ["img-src", "'self' data: blob:"],
  ["font-src", "'self'"],
  ["connect-src", "'self'"],
  ["manifest-src", "'self'"],
  ["worker-src", "'self'"],
  ["media-src", "'self'"],
  ["frame-src", "'none'"],
  ["frame-ancestors", "'none'"],
  ["object-src", "'none'"],
  ["base-uri", "'none'"],
  ["form-action", "'self'"],
];

const contentSecurityPolicy = cspDirectives.map(([name, value]) => `${name} ${value}`).join("; ");

export const securityHeaders: Readonly<Record<string, string>> = {
  "Content-Security-Policy": contentSecurityPolicy,
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy":
    "geolocation=(self), camera=(), microphone=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  "X-Frame-Options": "DENY",
};

/**
 * Headers that only a document obeys: a script, stylesheet, font or raster image is never one
 * (the browser applies the page's policy, framing rules and permissions to what the page loads,
 * not the file's own), so these are detached from such built files. Each costs a script nothing
 * in safety and about 100 to 500 bytes on the wire; a page with islands loads nine of them. Every
 * file that can be a document (HTML, SVG, anything unknown) keeps them all, and nosniff, CORP and
 * HSTS stay on everything.
 */
const documentOnlyHeaders = [
  "Content-Security-Policy",
  "Permissions-Policy",
  "Cross-Origin-Opener-Policy",
  "X-Frame-Options",
  "Referrer-Policy",
] as const;

/** Built files a browser can only load into a page, never open as a document of their own. */
const neverADocument = /\.(?:js|css|woff2?|webp|avif|jpe?g|png)$/;

/** Built files under /assets/ carry a content hash in their name and never change. */
const immutableAssetCacheControl = "public, max-age=31536000, immutable";

/** Cloudflare Turnstile's script and challenge frame, allowed only when the site uses it. */
const turnstileOrigin = "https://challenges.cloudflare.com";

/** The page CSP, with Turnstile's origin added to script-src and frame-src when it is on. */
function pageContentSecurityPolicy({ turnstile = false }: { turnstile?: boolean } = {}): string {
  return cspDirectives
    .map(([name, value]) => {
      if (!turnstile) return `${name} ${value}`;
      if (name === "script-src") return `${name} ${value} ${turnstileOrigin}`;
      if (name === "frame-src") return `${name} ${turnstileOrigin}`;
      return `${name} ${value}`;
    })
    .join("; ");
}

/**
 * The headers of a page the worker renders: the shared list, with the page CSP's style-src
 * allowing exactly the stylesheets the page inlines (their hash sources, `'sha256-...'`), as
 * the build's `_headers` does for the prerendered files.
 */
export function pageSecurityHeaders({
  turnstile = false,
  styleHashes = [],
}: {
  turnstile?: boolean;
  styleHashes?: readonly string[];
} = {}): Record<string, string> {
  const policy = pageContentSecurityPolicy({ turnstile });
  const styleSrc = ["style-src 'self'", ...styleHashes].join(" ");
  return {
    ...securityHeaders,
    "Content-Security-Policy": policy.replace("style-src 'self'", () => styleSrc),
  };
}

/** The most rules a `_headers` file may hold; Cloudflare ignores the file beyond it. */
const maxHeaderRules = 100;

/**
 * The `_headers` file for Workers static assets. Its rules match the request path whatever the
 * answer, so a wildcard over /assets/ would also mark the 404 page served for a file that does
 * not exist (/assets/nope.js) as immutable for a year, and a browser or cache would keep that
 * 404 even after a deploy adds the file. The year-long rule is therefore written once per
 * built file (`assetFiles`, paths under /assets/), and any other path gets the default
 * revalidating Cache-Control.
 */
export function renderHeadersFile({
  turnstile = false,
  assetFiles = [],
  pageScripts = [],
}: {
  turnstile?: boolean;
  assetFiles?: readonly string[];
  /**
   * Scripts outside /assets/ that only pages load (never a service worker, whose own response
   * headers are its policy): they lose the document-only headers as built scripts do.
   */
  pageScripts?: readonly string[];
} = {}): string {
  const pageHeaders = {
    ...securityHeaders,
    "Content-Security-Policy": pageContentSecurityPolicy({ turnstile }),
  };
  const lines = ["/*", ...Object.entries(pageHeaders).map(([k, v]) => `  ${k}: ${v}`)];
  for (const file of assetFiles) {
    // "*" and ":" would make the rule a pattern that matches paths that do not exist.
    if (!/^\/assets\/[^*:\s]+$/.test(file)) throw new Error(`Not a built asset path: ${file}`);
    lines.push("", file, `  Cache-Control: ${immutableAssetCacheControl}`);
    if (neverADocument.test(file)) lines.push(...documentOnlyHeaders.map((name) => `  ! ${name}`));
  }
  for (const file of pageScripts) {
    if (!/^\/[\w-]+\.js$/.test(file)) throw new Error(`Not a script at the root: ${file}`);
    lines.push("", file, ...documentOnlyHeaders.map((name) => `  ! ${name}`));
  }
  lines.push("", "/admin/*", "  X-Robots-Tag: noindex, nofollow", "  Cache-Control: no-store");
  const rules = 2 + assetFiles.length + pageScripts.length;
  if (rules > maxHeaderRules) {
    throw new Error(`_headers would hold ${rules} rules; Cloudflare reads at most ${maxHeaderRules}.`);
  }
  return `${lines.join("\n")}\n`;
}
