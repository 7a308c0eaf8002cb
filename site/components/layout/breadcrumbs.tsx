import { breadcrumbsFor, pageByPath } from "../../../shared/routes";
import { usePath } from "../../app/path-context";
import { Link } from "../../components/link";

/**
 * Breadcrumb trail from the path's segments with friendly names. Hidden on the home page, which
 * is the trail's root. Its BreadcrumbList structured data is written into the page's head
 * by the prerenderer (site/lib/structured-data.ts) from the same breadcrumbsFor().
 */
export function Breadcrumbs() {
  const pathname = usePath();
  const page = pageByPath(pathname);
  if (page?.path === "/" || !page) return null;

  const crumbs = breadcrumbsFor(pathname);
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
    </nav>
  );
}
