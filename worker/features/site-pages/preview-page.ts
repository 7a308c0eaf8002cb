import { pageSecurityHeaders } from "../../../shared/security-headers";
import { htmlType, styleHashesOf } from "./page-store";
import type { RenderedPage } from "./pipeline";

/**
 * The banner's own look. Fixed at the foot of the screen, it sits over the page instead of in
 * its flow, so everything else is laid out exactly as a visitor will see it; only its links take
 * clicks. Its inline style is allowed by its hash, the way the build's inlined styles are;
 * public pages never carry it. Gold on near-black is the site's own accent pair (over 9:1).
 * The privacy strip is not drawn: nobody is visiting, so nothing asks for consent.
 */
const bannerCss =
  ".gn-preview-banner{position:fixed;z-index:2147483647;left:50%;bottom:max(.75rem,env(safe-area-inset-bottom));" +
  "transform:translateX(-50%);width:max-content;max-width:calc(100vw - 1.5rem);box-sizing:border-box;" +
  "display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:.25rem 1rem;margin:0;" +
  "padding:.55rem 1.1rem;border:1px solid #d4af37;border-radius:1.25rem;background:#0d0c0b;color:#f3ead7;" +
  "font:500 .875rem/1.35 system-ui,sans-serif;box-shadow:0 4px 18px rgba(0,0,0,.65);pointer-events:none}" +
  ".gn-preview-banner strong{color:#d4af37;font-weight:650;letter-spacing:.02em}" +
  ".gn-preview-banner a{pointer-events:auto;color:#f3ead7;text-decoration:underline;text-underline-offset:.2em;" +
  "padding:.35rem .1rem;min-height:24px}" +
  ".gn-preview-banner a:hover{color:#d4af37}" +
  ".gn-preview-banner a:focus-visible{outline:2px solid #d4af37;outline-offset:2px;border-radius:2px}" +
  "[data-preview] .consent-strip{display:none}";
const bannerStyle = `<style>${bannerCss}</style>`;

/** The words every previewed page carries. */
const previewBannerText = "Preview of your draft — not live";

/**
 * First in the body, so a screen reader and the keyboard meet it before the page: what this is,
 * the way back to the Studio, and a way out of preview mode to the live page.
 */
const banner = (path: string) =>
  `<aside class="gn-preview-banner" aria-label="Preview"><strong>${previewBannerText}</strong>` +
  '<a href="/admin/studio">Back to the Studio</a>' +
  `<a href="/api/admin/content/preview/leave?path=${encodeURIComponent(path)}">See the live page</a></aside>`;

/**
 * A page rendered from the drafts, for the artist only: marked as a preview (the banner, and
 * `data-preview` on the root element, which tells the page's script not to ask for consent or
 * measure anything: nobody is visiting), never stored by a browser or a cache, never indexed.
 */
export async function previewResponse(
  page: RenderedPage,
  options: { turnstile: boolean; path: string },
): Promise<Response> {
  const html = page.html
    .replace(/<html\b/, '<html data-preview=""')
    .replace(/<meta name="robots" content="[^"]*" \/>/, '<meta name="robots" content="noindex, nofollow" />')
    .replace("</head>", () => `${bannerStyle}</head>`)
    .replace(/<body[^>]*>/, (body) => `${body}${banner(options.path)}`);
  const styleHashes = [
    ...(page.styleHashes ?? (await styleHashesOf(page.html))),
    ...(await styleHashesOf(bannerStyle)),
  ];
  const headers = new Headers(pageSecurityHeaders({ turnstile: options.turnstile, styleHashes }));
  headers.set("Content-Type", htmlType);
  headers.set("Cache-Control", "no-store");
  headers.set("X-Robots-Tag", "noindex, nofollow");
  return new Response(html, { status: page.status, headers });
}
