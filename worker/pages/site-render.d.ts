// The site's server render (site/entry-server.tsx), bundled into the worker by an alias in the
// Vite configs. Declared here rather than imported by path so that the worker's type check does
// not read the site's sources, which are checked under DOM types in their own project.
declare module "virtual:site-render" {
  export function render(
    path: string,
    siteUrl: string,
  ): Promise<{ html: string; head: string; status: number }>;
  export const prerenderPaths: string[];
}
