import { env } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { b64url, send, signedInEachTest } from "./admin-support";
import { addConsultation, inboxPage, iso, type InboxPage as Page } from "./inbox-support";

/*
 * A word most requests contain ("tattoo") is no clue to which request the artist wants: bm25
 * gives it no weight, and scoring every match is what made such a search slow. Above 5,000
 * matches and half the inbox, a search is shown newest first; these tests hold that order,
 * its paging, and that a rarer search is still ranked.
 */

const admin = signedInEachTest();
const rows = 6000;

beforeAll(async () => {
  await env.DB.prepare("DELETE FROM consultation_requests").run();
  // One statement writes them all (the index's triggers fill it as for any insert): every one
  // says "tattoo", one in ten is scheduled, one in a hundred is called Wren, and each is a
  // second newer than the one before.
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO consultation_requests (id, name, email, phone, tattoo_idea, status, created_at, updated_at)
     SELECT printf('bulk-%05d', i), CASE WHEN i % 100 = 0 THEN 'Wren Bulk ' || i ELSE 'Client ' || i END,
       'client' || i || '@example.test', '301-555-0100',
       'A small tattoo' || CASE WHEN i % 100 = 0 THEN ', a wren on the wrist' ELSE '' END,
       CASE WHEN i % 10 = 0 THEN 'scheduled' ELSE 'pending' END,
       strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || i || ' seconds'),
       strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || i || ' seconds')
     FROM n`,
  )
    .bind(rows)
    .run();
});

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM consultation_requests WHERE id NOT LIKE 'bulk-%'").run();
});

const page = (query: string) => inboxPage(admin.cookie, "consultations", query);

const bulk = (i: number) => `bulk-${String(i).padStart(5, "0")}`;

describe("a search that matches most of the inbox", () => {
  it("is shown newest first, with every match counted", async () => {
    const first = await page("q=tattoo&limit=5");
    expect(first.items.map((item) => item.id)).toEqual([6000, 5999, 5998, 5997, 5996].map(bulk));
    expect(first.counts).toMatchObject({ all: rows, scheduled: rows / 10, pending: rows - rows / 10 });
    // Its matches are still marked.
    const idea = first.items[0]?.highlights?.find((h) => h.field === "tattooIdea");
    expect(idea?.segments).toContainEqual({ text: "tattoo", match: true });
  });

  it("pages every match once, in order, while new matching requests arrive", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const next: Page = await page(
        `q=tattoo&status=scheduled&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      seen.push(...next.items.map((item) => item.id));
      cursor = next.nextCursor;
      // Arrivals are newer than the search: they wait for the next search, never shift a page.
      await addConsultation({ tattooIdea: "tattoo", status: "scheduled", createdAt: iso(0) });
      expect(++pages).toBeLessThan(10);
    } while (cursor);
    const expected = Array.from({ length: rows / 10 }, (_, k) => bulk(rows - k * 10));
    expect(seen).toEqual(expected);
  });

  it("keeps its order across pages even when the matches fall under the threshold meanwhile", async () => {
    const first = await page("q=tattoo&limit=2");
    // Most of the inbox arrives without the word: the search, begun newest first, stays so.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 6500)
       INSERT INTO consultation_requests (id, name, email, phone, tattoo_idea, created_at, updated_at)
       SELECT 'other-' || i, 'Other', 'o@example.test', '1', 'a rose', '2027-01-01', '2027-01-01' FROM n`,
    ).run();
    try {
      const second = await page(`q=tattoo&limit=2&cursor=${encodeURIComponent(first.nextCursor ?? "")}`);
      expect(second.items.map((item) => item.id)).toEqual([5998, 5997].map(bulk));
    } finally {
      await env.DB.prepare("DELETE FROM consultation_requests WHERE id LIKE 'other-%'").run();
    }
  });
});

describe("a rarer search", () => {
  it("is still ranked best match first", async () => {
    // Sixty bulk rows say "wren" in the name and the idea; this one only in the idea, and is the newest.
    const inIdea = await addConsultation({ name: "Ada Lowell", tattooIdea: "a wren", createdAt: iso(0) });
    const found = await page("q=wren&limit=100");
    expect(found.counts.all).toBe(61);
    expect(found.items.at(-1)?.id).toBe(inIdea.id);
  });
});

describe("cursors of a newest-first search", () => {
  it.each([
    ["a rowid that is not a whole number", b64url(["n", 1.5, 6000])],
    ["no snapshot", b64url(["n", 5])],
    ["a word for a rowid", b64url(["n", "x", 6000])],
  ])("one with %s is refused with 400", async (_, cursor) => {
    const response = await send("GET", `/api/admin/consultations?q=tattoo&cursor=${cursor}`, admin.cookie);
    expect(response.status).toBe(400);
  });
});
