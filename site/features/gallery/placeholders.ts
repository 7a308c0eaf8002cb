import placeholders from "../../../shared/content/image-placeholders.json";

const blur: Readonly<Record<string, string>> = placeholders;

/**
 * How many cards, from the top of a grid, get a blurred placeholder: two rows at the widest
 * layout, more than a phone's first screen. Each is about 100 bytes of base64 that gzip cannot
 * shrink, in the card and again in the island's props; for the 38 designs of the flash sheet
 * that was 1.5 KB of its document, the difference between one round trip and two. Cards further
 * down show the frame's dark tone until their image arrives, which their lazy loading starts
 * well before they scroll into view.
 */
const placeholderCards = 8;

/**
 * The blurred placeholders of the first pieces a page lists, for its island's props: the server
 * reads them here, so the browser's code carries none (they are data, and the two pages
 * together would ship every piece's and every design's).
 */
export function placeholdersFor(ids: readonly string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const id of ids.slice(0, placeholderCards)) {
    const uri = blur[id];
    if (uri) picked[id] = uri;
  }
  return picked;
}
