import { prerenderPaths, render } from "virtual:site-render";
import { pageByPath } from "../../shared/routes";
import { notFoundPath } from "./keys";

/**
 * The site's own server render, run in the worker. A page is the build's HTML shell (the
 * inlined styles, font and chunk preloads the prerenderer wrote) around what React renders
 * now. The shell of each path is taken once per isolate from the build's prerendered file, by
 * cutting out what the build rendered into it; while pages still render from the typed modules,
 * the result is the prerendered file itself, byte for byte.
 */
const shells = new Map<string, string>();

async function shellFor(assets: Fetcher, path: string, siteUrl: string): Promise<string> {
  const known = shells.get(path);
  if (known) return known;
  const file = await assets.fetch(new Request(new URL(path, "https://assets.local")));
  const built = await file.text();
  const page = await render(path, siteUrl);
  if (!built.includes(page.head) || !built.includes(page.html)) {
    throw new Error(`the build's page at ${path} does not hold what the worker rendered`);
  }
  const shell = built.replace(page.head, "<!--head-->").replace(page.html, "<!--app-->");
  shells.set(path, shell);
  return shell;
}

/** Whether the site has a page at a path (the prerendered ones, /home included). */
export function isSitePage(path: string): boolean {
  return prerenderPaths.includes(path) && pageByPath(path) !== undefined;
}

/** A renderer for the page pipeline: whole pages, the not-found page with status 404. */
export function siteRenderer(assets: Fetcher, siteUrl: string) {
  return async (path: string): Promise<{ html: string; status: number }> => {
    const page = await render(path, siteUrl);
    const shell = await shellFor(assets, path, siteUrl);
    const html = shell.replace("<!--head-->", () => page.head).replace("<!--app-->", () => page.html);
    return { html, status: path === notFoundPath ? 404 : page.status };
  };
}
