import { createContext, type ReactNode, useContext } from "react";

/**
 * The path of the page being rendered: the server's request path, the browser's location when an
 * island hydrates. The public site has no client-side router (every link is a page load), so
 * this is all the routing state a component can read.
 */
const PathContext = createContext<string>("/");

export function PathProvider({ path, children }: { path: string; children: ReactNode }) {
  return <PathContext value={path}>{children}</PathContext>;
}

export const usePath = (): string => useContext(PathContext);
