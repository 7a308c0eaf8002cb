import { createContext, type ReactNode, useContext } from "react";

/**
 * The public origin for absolute URLs in structured data. The prerenderer provides the
 * configured SITE_URL; in the browser the canonical link written at build time is the source,
 * so the hydrated markup matches the prerendered one.
 */
const SiteUrlContext = createContext<string | null>(null);

export function SiteUrlProvider({ value, children }: { value: string; children: ReactNode }) {
  return <SiteUrlContext.Provider value={value}>{children}</SiteUrlContext.Provider>;
}

export function useSiteUrl(): string {
  const value = useContext(SiteUrlContext);
  if (value) return value;
  return typeof window === "undefined" ? "http://localhost" : window.location.origin;
}

/** Reads the origin the prerenderer used from the canonical link (absent on the 404 page). */
export function siteUrlFromDocument(): string {
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  return canonical?.href ? new URL(canonical.href).origin : window.location.origin;
}
