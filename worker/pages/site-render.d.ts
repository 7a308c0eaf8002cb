// The site's server render (site/entry-server.tsx), bundled into the worker by an alias in the
// Vite configs. Declared here rather than imported by path so that the worker's type check does
// not read the site's sources, which are checked under DOM types in their own project.
declare module "virtual:site-render" {
  import type { StudioContent } from "../../shared/schemas/content";
  export function render(
    path: string,
    siteUrl: string,
    content: StudioContent,
  ): Promise<{ html: string; head: string; status: number }>;
  /** The content the build prerendered its pages from. */
  export function moduleContent(): StudioContent;
  export const prerenderPaths: string[];
  /** The sitemap of the indexable pages, each with `lastmod` as given. */
  export function renderSitemap(siteUrl: string, lastmod: string): string;
}
