type Item = Record<string, unknown>;

/** A small picture of an item's image: the build's smallest file, or the uploaded photo's. */
export function thumbnailOf(item: Item): string | null {
  const image = item.image as { source?: string; name?: string; key?: string } | undefined;
  if (image?.source === "build" && image.name)
    return `/${image.name}-${image.name.startsWith("flash/") ? "thumb" : "sm"}.webp`;
  if (image?.source === "upload" && image.key) return `/api/admin/photos/${image.key}/400.webp`;
  return null;
}
