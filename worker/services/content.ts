import { type StudioContent, studioContentSchema } from "../../shared/schemas/content";

export interface PublishedContent {
  version: number;
  publishedAt: string;
  content: StudioContent;
}

/**
 * What the public pages show: the latest published version, parsed by the content schema, in
 * one D1 query (the whole content is one row). Null before anything is published.
 */
export async function latestPublishedContent(db: D1Database): Promise<PublishedContent | null> {
  const row = await db
    .prepare("SELECT version, published_at, snapshot FROM content_versions ORDER BY version DESC LIMIT 1")
    .first<{ version: number; published_at: string; snapshot: string }>();
  if (!row) return null;
  return {
    version: row.version,
    publishedAt: row.published_at,
    content: studioContentSchema.parse(JSON.parse(row.snapshot)),
  };
}

/**
 * The live version's number alone (one integer, one query): what a location checks every few
 * seconds to know which cached pages are current. Null before anything is published.
 */
export async function liveContentVersion(db: D1Database): Promise<number | null> {
  const row = await db.prepare("SELECT max(version) AS version FROM content_versions").first<{
    version: number | null;
  }>();
  return row?.version ?? null;
}
