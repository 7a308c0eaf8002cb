import { useEffect } from "react";
import { useLocation } from "react-router";
import { absoluteUrl, notFoundPage, pageByPath, pathAliases } from "../../../shared/routes";

function setMeta(selector: string, attribute: string, value: string) {
  document.head.querySelector(selector)?.setAttribute(attribute, value);
}

/**
 * Keeps the document head in step with client-side navigation: the title (announced by screen
 * readers and kept in history), robots and the canonical and social URLs. The prerendered HTML
 * carries the full metadata for the first page; descriptions and keywords only matter to
 * crawlers, which read that HTML, so they stay out of the browser's JavaScript. Renders nothing;
 * the layout loads it after hydration, since the first page's head is already right.
 */
export function PageMeta() {
  const { pathname } = useLocation();
  useEffect(() => {
    const canonicalLink = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    const origin = canonicalLink ? new URL(canonicalLink.href).origin : window.location.origin;
    const page = pageByPath(pathname);
    document.title = page?.title ?? notFoundPage.title;
    setMeta(
      'meta[name="robots"]',
      "content",
      page?.indexable === false || !page ? "noindex, follow" : "index, follow",
    );
    if (!page) return;
    const canonical = absoluteUrl(origin, pathAliases[pathname] ?? page.path);
    setMeta('link[rel="canonical"]', "href", canonical);
    setMeta('meta[property="og:url"]', "content", canonical);
    setMeta('meta[property="og:title"]', "content", page.title);
    setMeta('meta[name="twitter:title"]', "content", page.title);
  }, [pathname]);
  return null;
}
