import type { AnchorHTMLAttributes } from "react";
import { usePath } from "../app/path-context";

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };

/**
 * A link to another page of the site: a plain anchor. Public pages load whole (no client-side
 * router): the browser's own navigation is fast on pages this small, keeps scroll and focus
 * right by itself, and costs no JavaScript.
 */
export function Link({ to, ...props }: LinkProps) {
  return <a href={to} {...props} />;
}

/**
 * A menu link that marks the current page with aria-current="page" (which the styles show).
 * `end`: only the exact path counts, not the pages below it.
 */
export function NavLink({ to, end = false, ...props }: LinkProps & { end?: boolean }) {
  const path = usePath();
  const current = path === to || (!end && to !== "/" && path.startsWith(`${to}/`));
  return <a href={to} aria-current={current ? "page" : undefined} {...props} />;
}
