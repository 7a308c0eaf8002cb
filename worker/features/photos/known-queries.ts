import type { StudioContent } from "../../../shared/schemas/content";
import type { z } from "../../../shared/schemas/z";

/** D1 binds at most 100 values in one statement. */
const keysPerQuery = 100;

/**
 * Every piece or design whose uploaded photo the studio does not have (never uploaded here, or
 * deleted by the sweep), as a field issue at its image: publishing such content would put a
 * broken image on a page. One query per hundred photos.
 */
export async function unknownPhotoIssues(
  db: D1Database,
  content: StudioContent,
): Promise<z.core.$ZodIssue[]> {
  const uses = [
    ...content.portfolio.map((item, index) => ({ image: item.image, path: ["portfolio", index, "image"] })),
    ...content.flash.map((item, index) => ({ image: item.image, path: ["flash", index, "image"] })),
  ].flatMap(({ image, path }) => (image?.source === "upload" ? [{ key: image.key, path }] : []));
  if (uses.length === 0) return [];
  const keys = [...new Set(uses.map((use) => use.key))];
  const known = new Set<string>();
  for (let start = 0; start < keys.length; start += keysPerQuery) {
    const chunk = keys.slice(start, start + keysPerQuery);
    const { results } = await db
      .prepare(`SELECT key FROM photos WHERE key IN (${chunk.map(() => "?").join(", ")})`)
      .bind(...chunk)
      .all<{ key: string }>();
    for (const row of results) known.add(row.key);
  }
  return uses
    .filter((use) => !known.has(use.key))
    .map((use) => ({
      code: "custom" as const,
      path: use.path,
      message: "This photo is not in the studio's uploads (never uploaded here, or deleted): upload it again",
      input: use.key,
    }));
}
