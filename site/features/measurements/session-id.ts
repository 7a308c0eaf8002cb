import { readJson, writeJson } from "../../lib/browser-storage";

/**
 * A random id per browser tab, so the worker can group one visit's metrics without knowing who
 * the visitor is. Kept in session storage: it ends with the tab.
 */
let memoryId: string | null = null;

export function sessionId(): string {
  const stored = readJson<string>("session", "sid");
  if (stored) return stored;
  memoryId ??= crypto.randomUUID();
  writeJson("session", "sid", memoryId);
  return memoryId;
}

/** The page path without query string or fragment. */
export const currentPath = () => window.location.pathname.slice(0, 200) || "/";

/**
 * Whether this is one of the site's pages: the worker refuses figures for any other path, and
 * the not-found page says so on its main element (site-layout.tsx).
 */
export const onSitePage = () => !document.querySelector("main[data-not-a-page]");
