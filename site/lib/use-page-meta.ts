import { useEffect } from "react";
import { useLocation } from "react-router";
import { headFor } from "./head";

function setMeta(selector: string, attribute: string, value: string | null) {
  const element = document.head.querySelector(selector);
  if (element && value !== null) element.setAttribute(attribute, value);
}

/**
 * Keeps the document head in step with client-side navigation. The prerendered HTML already
 * carries the right tags for the first page; this only syncs later navigations.
 */
export function usePageMeta(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    const origin = canonical ? new URL(canonical.href).origin : window.location.origin;
    const head = headFor(pathname, origin);
    document.title = head.title;
    setMeta('meta[name="description"]', "content", head.description);
    setMeta('meta[name="robots"]', "content", head.robots);
    setMeta('link[rel="canonical"]', "href", head.canonical);
    setMeta('meta[property="og:title"]', "content", head.title);
    setMeta('meta[property="og:description"]', "content", head.description);
    setMeta('meta[property="og:url"]', "content", head.canonical);
  }, [pathname]);
}
