import type { ReactNode } from "react";
import type { PageKey } from "../../shared/routes";
import { publicPages } from "../../shared/routes";

interface PageHeroProps {
  page: PageKey;
  eyebrow?: string;
  /** The page's heading when it says something else for now (the books closed); else the route table's. */
  heading?: string;
  children?: ReactNode;
}

/** The heading block every content page opens with; its h1 comes from the route table. */
export function PageHero({ page, eyebrow, heading, children }: PageHeroProps) {
  const meta = publicPages.find((p) => p.key === page);
  if (!meta) throw new Error(`Unknown page ${page}`);
  return (
    <header className="page-hero">
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h1>{heading ?? meta.heading}</h1>
      {children ? <div className="page-hero__lede">{children}</div> : null}
    </header>
  );
}
