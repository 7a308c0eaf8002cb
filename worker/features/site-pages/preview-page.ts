import { pageSecurityHeaders } from "../../../shared/security-headers";
import { htmlType, styleHashesOf } from "./page-store";
import type { RenderedPage } from "./pipeline";

/**
 * The banner's own look. Fixed and click-through, it sits over the page instead of in its flow,
 * so everything else is laid out exactly as a visitor will see it. Its inline style is allowed
 * by its hash, the way the build's inlined styles are; public pages never carry it.
 */
const bannerCss =
  ".gn-preview-banner{position:fixed;z-index:2147483647;left:50%;bottom:1rem;transform:translateX(-50%);" +
  "margin:0;padding:.5rem 1.1rem;border:1px solid #d4af37;border-radius:999px;background:#0d0c0b;" +
  "color:#d4af37;font:600 .875rem/1.3 system-ui,sans-serif;letter-spacing:.04em;white-space:nowrap;" +
  "pointer-events:none;box-shadow:0 4px 18px rgba(0,0,0,.65)}";
const bannerStyle = `<style>${bannerCss}</style>`;
/** First in the body, so a screen reader meets it before the page. */
const banner = '<p class="gn-preview-banner" role="note">Preview: not published</p>';

/**
 * A page rendered from the drafts, for the artist only: marked as a preview, never stored by
 * a browser or a cache, never indexed.
 */
export async function previewResponse(
  page: RenderedPage,
  options: { turnstile: boolean },
): Promise<Response> {
  const html = page.html
    .replace("</head>", () => `${bannerStyle}</head>`)
    .replace(/<body[^>]*>/, (body) => `${body}${banner}`);
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
