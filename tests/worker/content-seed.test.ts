import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { faq, servicesFaq } from "../../shared/content/faq";
import { findingTheStudio } from "../../shared/content/finding-the-studio";
import { flashDesigns } from "../../shared/content/flash";
import { portfolio } from "../../shared/content/portfolio";
import { featuredRows } from "../../shared/content/portfolio-featured";
import { testimonials } from "../../shared/content/testimonials";
import { homeTestimonials } from "../../shared/content/testimonials-home";
import { studioContentSchema } from "../../shared/schemas/content";
import {
  aftercareFacts,
  bookingFacts,
  openingHours,
  policies,
  prices,
  studio,
  stylePrices,
} from "../../shared/studio";
import { contentFromModules, contentSeedSql } from "../../worker/features/content/seed";
import { latestPublishedContent } from "../../worker/features/content/service";
import { countingDb, seedContent } from "./content-support";

beforeEach(seedContent);

const published = async () => {
  const live = await latestPublishedContent(env.DB);
  if (!live) throw new Error("nothing published");
  return live;
};

describe("the seeded content", () => {
  it("is published as version 1 by the seed", async () => {
    const live = await published();
    expect(live.version).toBe(1);
    const row = await env.DB.prepare("SELECT published_by, note FROM content_versions").first();
    expect(row).toMatchObject({ published_by: "seed" });
  });

  // Nothing is lost in the move: every fact, piece, design, review and answer the modules hold
  // is in the published content, field for field, in the site's order.
  it("says what today's modules say", async () => {
    const { content } = await published();
    const { themeColor: _design, ...facts } = studio;
    expect(content.studio).toEqual({ ...facts, findingTheStudio: { ...findingTheStudio } });
    expect(content.hours).toEqual({ weekly: openingHours, closures: [] });
    expect(content.prices).toEqual({ ...prices, styles: stylePrices });
    expect(content.policies).toEqual({ ...policies, booking: bookingFacts, aftercare: aftercareFacts });
    expect(content.portfolio).toEqual(
      portfolio.map((item) => ({ ...item, image: { source: "build", name: item.image } })),
    );
    expect(content.portfolio.filter((item) => item.featured).map((item) => item.title)).toEqual(
      featuredRows.map((row) => row[0]),
    );
    expect(content.flash).toEqual(
      flashDesigns.map((design) => ({ ...design, image: { source: "build", name: design.image } })),
    );
    // Nothing is hidden to begin with.
    expect(content.testimonials).toEqual(testimonials.map((review) => ({ ...review, hidden: false })));
    expect(content.testimonials.slice(0, 3).map((review) => review.text)).toEqual(
      homeTestimonials.map((review) => review.text),
    );
    expect(content.faq.items).toEqual(faq);
    expect(content.faq.servicesPage).toEqual(servicesFaq.map((entry) => entry.id));
    expect(content.announcement).toBeNull();
    expect(content.booking).toEqual({ booksOpen: true });
  });

  it("starts with drafts equal to what is published", async () => {
    const { content } = await published();
    const rows = await env.DB.prepare("SELECT section, data FROM content_drafts").all<{
      section: string;
      data: string;
    }>();
    expect(Object.fromEntries(rows.results.map((row) => [row.section, JSON.parse(row.data)]))).toEqual(
      content,
    );
  });

  it("changes nothing when loaded again, even after the artist's edits", async () => {
    await env.DB.prepare("UPDATE content_drafts SET data = ?1 WHERE section = 'booking'")
      .bind(JSON.stringify({ booksOpen: false }))
      .run();
    await env.DB.batch(contentSeedSql(contentFromModules()).map((statement) => env.DB.prepare(statement)));
    const versions = await env.DB.prepare("SELECT count(*) AS n FROM content_versions").first<{
      n: number;
    }>();
    expect(versions?.n).toBe(1);
    const booking = await env.DB.prepare("SELECT data FROM content_drafts WHERE section = 'booking'").first<{
      data: string;
    }>();
    expect(JSON.parse(booking?.data ?? "")).toEqual({ booksOpen: false });
  });

  it("passes the same schema the content API validates with", () => {
    expect(studioContentSchema.safeParse(contentFromModules()).success).toBe(true);
    // and the schema is not a formality: a piece without a title is refused.
    const content = contentFromModules();
    const [first, ...rest] = content.portfolio;
    const broken = { ...content, portfolio: [{ ...first, title: " " }, ...rest] };
    expect(studioContentSchema.safeParse(broken).success).toBe(false);
  });

  it("fits well within what one D1 row holds", async () => {
    const row = await env.DB.prepare("SELECT length(snapshot) AS bytes FROM content_versions").first<{
      bytes: number;
    }>();
    // D1 stores up to 2 MB in a row; today's content is about 42 KB.
    expect(row?.bytes).toBeLessThan(100_000);
  });
});

describe("latestPublishedContent", () => {
  it("reads and parses a version's content once, then only checks which version is live", async () => {
    const { db, counter } = countingDb(env.DB);
    const first = await latestPublishedContent(db);
    expect(first?.version).toBe(1);
    expect(counter.queries).toBe(2);
    const again = await latestPublishedContent(db);
    expect(counter.queries).toBe(3);
    expect(again?.content).toBe(first?.content);
    expect(Object.isFrozen(again?.content.studio)).toBe(true);
  });

  it("reads the newest version", async () => {
    const { content } = await published();
    const changed = { ...content, booking: { booksOpen: false, message: "Back in spring." } };
    await env.DB.prepare(
      "INSERT INTO content_versions (version, snapshot, published_at, published_by) VALUES (2, ?1, ?2, 'test')",
    )
      .bind(JSON.stringify(changed), new Date().toISOString())
      .run();
    expect(await latestPublishedContent(env.DB)).toMatchObject({ version: 2, content: changed });
  });

  it("is null before anything is published", async () => {
    await env.DB.prepare("DELETE FROM content_versions").run();
    expect(await latestPublishedContent(env.DB)).toBeNull();
  });
});
