import placeholders from "../../../shared/content/image-placeholders.json";

const blur: Readonly<Record<string, string>> = placeholders;

/**
 * The blurred placeholders of the pieces a page lists, for its island's props: the server reads
 * them here, so the browser's code carries none (they are data, and the two pages together
 * would ship every piece's and every design's).
 */
export function placeholdersFor(ids: readonly string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const id of ids) {
    const uri = blur[id];
    if (uri) picked[id] = uri;
  }
  return picked;
}
