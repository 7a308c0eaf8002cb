import { contentSectionNames, type StudioContent } from "../../../shared/schemas/content";

export { contentFromModules } from "../../../shared/content/module-content";

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The seed as SQL statements: one draft row per section, then version 1 assembled from those
 * rows by SQLite itself, so no statement carries the whole content (D1 caps a statement's text
 * at 100 KB; bound values do not count, but the seed runs as a file of literal SQL). Both skip
 * what exists: loading twice, or after the artist's first edit, changes nothing.
 */
export function contentSeedSql(content: StudioContent, now = new Date().toISOString()): string[] {
  const drafts = contentSectionNames.map(
    (name) =>
      `INSERT OR IGNORE INTO content_drafts (section, data, updated_at, updated_by) VALUES (${quote(name)}, ${quote(JSON.stringify(content[name]))}, ${quote(now)}, 'seed');`,
  );
  const version = `INSERT INTO content_versions (version, snapshot, published_at, published_by, note) SELECT 1, json_group_object(section, json(data)), ${quote(now)}, 'seed', 'The content the site showed before it moved to the database' FROM content_drafts WHERE NOT EXISTS (SELECT 1 FROM content_versions) HAVING count(*) > 0;`;
  return [...drafts, version];
}
