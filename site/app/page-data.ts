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
    return response.ok ? ((await response.json()) as PageContent) : null;
  })().catch(() => null);
  return loading;
}
