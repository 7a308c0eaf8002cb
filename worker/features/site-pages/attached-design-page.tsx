/** @jsxImportSource hono/jsx */
import type { StudioContent } from "../../../shared/schemas/content";
import { markup } from "../../platform/markup";
import { liveContentVersion, publishedVersionAt } from "../content/service";
import { AttachedDesign } from "../requests";

/** The booking page, and the flash design "Book this design" attaches to its request. */
export const bookingPath = "/book-consultation";
const designId = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The `design` a booking page's address names, if it could be a design's id. */
export function requestedDesign(url: URL): string | null {
  const id = url.pathname === bookingPath ? url.searchParams.get("design") : null;
  return id && id.length <= 60 && designId.test(id) ? id : null;
}

/**
 * "Book this design" without JavaScript: the page is kept per content version and path, so the
 * design its address names is added on the way out. The request form is an island whose
 * markup must stay what React renders, so nothing goes inside it: the card and the hidden field
 * go just before it, inside <noscript> (a browser running scripts shows the island's own card
 * instead), the field joined to the form by its `form` attribute. A design that is not
 * available leaves the page as it is: the form then asks for the idea in words.
 */
function withAttachedDesign(page: Response, flash: StudioContent["flash"], id: string): Response {
  const design = flash.find((item) => item.id === id && item.status === "available");
  if (!design || !page.body) return page;
  const card = markup(<AttachedDesign id={design.id} title={design.title} />);
  let placed = false;
  const rewritten = new HTMLRewriter()
    .on('[data-island="consultation-request"]', {
      element: (el) => {
        if (placed) return;
        placed = true;
        el.before(card, { html: true });
      },
    })
    .transform(page);
  const headers = new Headers(rewritten.headers);
  // The page now depends on its query: its ETag (version and path) no longer names it alone.
  headers.delete("ETag");
  headers.set("Cache-Control", "private, no-cache");
  headers.delete("Content-Length");
  return new Response(rewritten.body, { status: rewritten.status, headers });
}

/** The same, with the live version's flash sheet (parsed once per isolate and version). */
export async function withLiveDesign(db: D1Database, page: Response, id: string): Promise<Response> {
  const version = await liveContentVersion(db);
  if (version === null) return page;
  const { content } = await publishedVersionAt(db, version);
  return withAttachedDesign(page, content.flash, id);
}
