import { useCallback, useSyncExternalStore } from "react";

const subscribe = (onChange: () => void) => {
  window.addEventListener("popstate", onChange);
  return () => window.removeEventListener("popstate", onChange);
};

/**
 * The page's query string as state. Hydration starts from the query the server rendered the page
 * from (`rendered`: none for most pages, a filtered gallery's filters) and React then re-renders
 * with the real one: deep links such as /flash?category=nautical hydrate without a mismatch.
 * Updates replace the history entry so the back button leaves the page rather than stepping
 * through every filter change.
 */
export function useUrlSearch(
  rendered = "",
): [URLSearchParams, (update: (params: URLSearchParams) => void) => void] {
  const search = useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => rendered,
  );
  const setSearch = useCallback((update: (params: URLSearchParams) => void) => {
    const url = new URL(window.location.href);
    update(url.searchParams);
    window.history.replaceState(window.history.state, "", url);
    // replaceState fires no event of its own: tell every subscriber the query changed.
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, []);
  return [new URLSearchParams(search), setSearch];
}
