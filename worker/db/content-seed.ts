import { faq, servicesFaq } from "../../shared/content/faq";
import { findingTheStudio } from "../../shared/content/finding-the-studio";
import { flashDesigns } from "../../shared/content/flash";
import { portfolio } from "../../shared/content/portfolio";
import { testimonials } from "../../shared/content/testimonials";
import { contentSectionNames, type StudioContent, studioContentSchema } from "../../shared/schemas/content";
import {
  aftercareFacts,
  bookingFacts,
  openingHours,
  policies,
  prices,
  studio,
  stylePrices,
} from "../../shared/studio";

/**
 * The content the site showed while it lived in typed modules, as the first published version:
 * `npm start` and `npm run db:seed:local` load it (scripts/lib/content-seed.mjs runs the SQL
 * below), and the tests load the same statements. Parsed by the content schema, so the seed
 * can only hold what the editor could have saved.
 */
export function contentFromModules(): StudioContent {
  const { themeColor: _design, ...facts } = studio;
  const built = (name: string) => ({ source: "build" as const, name });
  return studioContentSchema.parse({
    studio: { ...facts, findingTheStudio },
    hours: { weekly: openingHours, closures: [] },
    prices: { ...prices, styles: stylePrices },
    policies: { ...policies, booking: bookingFacts, aftercare: aftercareFacts },
    portfolio: portfolio.map((item) => ({ ...item, image: built(item.image) })),
    flash: flashDesigns.map((design) => ({ ...design, image: built(design.image) })),
    testimonials,
    faq: { items: faq, servicesPage: servicesFaq.map((entry) => entry.id) },
    announcement: null,
    booking: { booksOpen: true },
  });
}

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
