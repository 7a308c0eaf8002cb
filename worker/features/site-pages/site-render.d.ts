// The site's server render (site/entry-server.tsx), bundled into the worker by an alias in the
// Vite configs. Declared here rather than imported by path so that the worker's type check does
// not read the site's sources, which are checked under DOM types in their own project.
declare module "virtual:site-render" {
  import type { PaymentSetup } from "../../../shared/payment-methods";
  import type { StudioContent } from "../../../shared/schemas/content";

  /** A published version's content, with how this deployment takes payment (cash only if not given). */
  type Rendered = StudioContent & { payment?: PaymentSetup | undefined };
  export function render(
    /** The page's path, with the query it renders from when it has one (pageSearch). */
    path: string,
    siteUrl: string,
    content: Rendered,
    /** Where the page's islands get their data: a file the page names (by default), or the page itself. */
    data?: "file" | "inline",
  ): Promise<{ html: string; head: string; status: number }>;
  /**
   * The part of a query string the page at `path` renders from, in one spelling ("" for none):
   * the gallery's filters, with values no piece of the content has dropped.
   */
  export function pageSearch(path: string, search: string, content: StudioContent): string;
  /** A page's island data of the given content, and its hash (the data file's address). */
  export function pageData(key: string, content: Rendered): Promise<{ json: string; hash: string }>;
  /** The site's layout at a path that is not one of its pages, cut where the main content goes. */
  export function renderLayout(path: string, content: Rendered): { before: string; after: string };
  /** The content the build prerendered its pages from. */
  export function moduleContent(): StudioContent;
  export const prerenderPaths: string[];
  /** The sitemap of the indexable pages, each with `lastmod` as given. */
  export function renderSitemap(siteUrl: string, lastmod: string): string;
}
