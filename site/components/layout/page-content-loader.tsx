import { type ReactNode, use } from "react";
import { useLocation } from "react-router";
import { pageByPath } from "../../../shared/routes";
import {
  ContentProvider,
  type ListSection,
  type PageContent,
  usePageContent,
} from "../../content/content-context";
import { pageSections, readPageContent } from "../../content/page-sections";

/** The content of each page visited by client navigation, fetched once per path. */
const loads = new Map<string, Promise<PageContent>>();

function contentOfPage(path: string): Promise<PageContent> {
  let load = loads.get(path);
  if (!load) {
    load = fetch(path, { headers: { Accept: "text/html" } })
      .then((response) => response.text())
      .then((html) => readPageContent(new DOMParser().parseFromString(html, "text/html")))
      .then((content) => {
        if (!content) throw new Error(`${path} carries no content`);
        return content;
      })
      .catch(() => {
        // The page as a whole still works: the browser loads it, and its content with it.
        loads.delete(path);
        window.location.assign(path);
        return new Promise<PageContent>(() => {});
      });
    loads.set(path, load);
  }
  return load;
}

/**
 * A page carries only the lists it shows (page-sections.ts), so a client navigation may reach a
 * page whose lists the first page did not bring. The new page then waits, under the layout's
 * <Suspense>, for its own content: the same data block its server render wrote, read from its
 * HTML (cached at the edge), so it shows exactly what loading it directly would.
 */
export function PageContentLoader({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const content = usePageContent();
  const key = pageByPath(pathname)?.key ?? "not-found";
  const lists: readonly ListSection[] = Object.hasOwn(pageSections, key)
    ? pageSections[key as keyof typeof pageSections]
    : [];
  if (lists.every((name) => content[name] !== undefined)) return children;
  return <ContentProvider content={use(contentOfPage(pathname))}>{children}</ContentProvider>;
}
