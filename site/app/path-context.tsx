import { createContext, type ReactNode, useContext } from "react";

/**
 * The path of the page being rendered: the server's request path, the browser's location when an
 * island hydrates. The public site has no client-side router (every link is a page load), so
 * this is all the routing state a component can read.
 */
const PathContext = createContext<string>("/");
const SearchContext = createContext<string>("");

/**
 * `search`: the part of the request's query string the server renders from (a filtered
 * gallery), without "?"; pages ignore every other part, so none is ever passed in the browser.
 */
export function PathProvider({
  path,
  search = "",
  children,
}: {
  path: string;
  search?: string;
  children: ReactNode;
}) {
  return (
    <PathContext value={path}>
      <SearchContext value={search}>{children}</SearchContext>
    </PathContext>
  );
}

export const usePath = (): string => useContext(PathContext);

/** The query the server rendered the page from ("" for none): see PathProvider. */
export const usePageSearch = (): string => useContext(SearchContext);
