import type { PageContent } from "../content/content-context";

let loading: Promise<PageContent | null> | undefined;

/**
 * The content the page was rendered from, for its islands (site/content/page-sections.ts): the
 * file the page names, fetched once, when the first island is due; or the block a preview
 * carries. Null when the file cannot be had (the network, the server): the islands then stay as
 * the server wrote them, which is the whole page as it works without JavaScript.
 */
export function loadPageContent(doc: Document = document): Promise<PageContent | null> {
  loading ??= (async () => {
    const inline = doc.getElementById("page-content")?.textContent;
    if (inline) return JSON.parse(inline) as PageContent;
    const source = doc.querySelector<HTMLMetaElement>('meta[name="page-data"]')?.content;
    if (!source) return null;
    const response = await fetch(source);
    return response.ok ? pageContentIn(await response.json()) : null;
  })().catch(() => null);
  return loading;
}

/**
 * The file's JSON if it has the facts every island reads: a file that is something else (a
 * proxy's page, a truncated or foreign body) would make the islands throw and React drop the
 * server's markup, so it counts as no file.
 */
function pageContentIn(json: unknown): PageContent | null {
  const data = json as Partial<Record<keyof PageContent, unknown>> | null;
  const ok = typeof data === "object" && data !== null;
  return ok &&
    [data.studio, data.hours, data.prices, data.policies].every(
      (part) => typeof part === "object" && part !== null,
    )
    ? (data as PageContent)
    : null;
}
