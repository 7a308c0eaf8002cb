import { Link, useLocation } from "react-router";
import { absoluteUrl, breadcrumbsFor, pageByPath } from "../../../shared/routes";
import { useSiteUrl } from "../../lib/site-url";

/**
 * Breadcrumb trail from the path's segments with friendly names, plus BreadcrumbList
 * structured data. Hidden on the home page (shell-and-admin.md 2.2).
 */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  const siteUrl = useSiteUrl();
  const page = pageByPath(pathname);
  if (page?.path === "/" || !page) return null;

  const crumbs = breadcrumbsFor(pathname);
  const structured = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  };

  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.path}>
              {last ? (
                <span aria-current="page">{crumb.name}</span>
              ) : (
                <Link to={crumb.path}>{crumb.name}</Link>
              )}
            </li>
          );
        })}
      </ol>
      <script
        type="application/ld+json"
        // JSON-LD is data, not script: CSP does not execute it. `<` is escaped so no text can
        // close the element early.
        dangerouslySetInnerHTML={{ __html: JSON.stringify(structured).replace(/</g, "\\u003c") }}
      />
    </nav>
  );
}
