import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { consultationKind } from "../../shared/submission-kinds";
import { markColumn, phrasesOf } from "../../worker/features/inbox/highlight";
import { ftsQuery, indexColumns } from "../../worker/features/inbox/search-queries";
import { send, signedInEachTest } from "./admin-support";
import { addConsultation, type InboxPage, type Segment } from "./inbox-support";

/*
 * The inbox marks a search's matches itself, for the page's rows alone, instead of asking FTS5's
 * highlight() and snippet() (which walk every row a common word is in). What it marks must be
 * exactly what FTS5 would: the same words, accents and case folded the same way, the same
 * prefix rule, the same snippet window. These tests ask D1's FTS5 for its answer and compare.
 */

const admin = signedInEachTest();

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM consultation_requests").run();
});

const open = "[";
const close = "]";
const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const longColumns = new Set(["tattooIdea", "adminNotes"]);

/** FTS5's own marking of every matching row's searched columns, by row id. */
async function ftsMarks(match: string, tokens = 16) {
  const columns = indexColumns(consultationKind);
  const select = columns.map((column, i) =>
    longColumns.has(column)
      ? `snippet(consultation_requests_search, ${i}, '${open}', '${close}', '…', ${tokens}) AS h_${snake(column)}`
      : `highlight(consultation_requests_search, ${i}, '${open}', '${close}') AS h_${snake(column)}`,
  );
  const { results } = await env.DB.prepare(
    `SELECT t.id, s.*, ${select.join(", ")}
     FROM consultation_requests_search JOIN consultation_requests_search_source s ON s.doc = consultation_requests_search.rowid
     JOIN consultation_requests t ON t.rowid = s.doc
     WHERE consultation_requests_search MATCH ?`,
  )
    .bind(match)
    .all<Record<string, string | null>>();
  return results;
}

const rows = [
  {
    name: "José Núñez-Ibáñez",
    email: "jose.nunez@inkmail.test",
    tattooIdea:
      "Sketch first. A koi, rising through peonies. Colour: soft reds; no harsh black. The koi faces up. Shading: light, like the koi in my grandmother's garden, with a second koi below.",
    adminNotes: "Called back: deposit paid. Prefers Saturdays. Koi sketch sent.",
  },
  { name: "Zoë Ødegård", email: "zoe@example.test", tattooIdea: "Ödegård family crest, zoe in script" },
  { name: "Nguyễn Thị Ánh", email: "anh@mail.test", tattooIdea: "A lotus, Nguyen in small letters" },
  { name: "Αλέξανδρος Παπαδόπουλος", email: "alex@mail.test", tattooIdea: "ΑΛΈΞΑΝΔΡΟΣ in Greek capitals" },
  { name: "李小龍", email: "li@mail.test", tattooIdea: "龍 dragon, 李 family name" },
  {
    name: `${"Zoë".normalize("NFD")} Quinn`,
    email: "zq@mail.test",
    tattooIdea: "Straße and STRASSE, İstanbul skyline, µ symbol",
  },
  {
    name: 'Robert"); DROP TABLE x;--',
    email: "o'brien@example.com",
    tattooIdea: "=SUM(1,2) koi-fish, koi's fin",
  },
];

const queries = [
  "koi",
  "ko",
  "jose nunez",
  "NÚÑEZ",
  "zoe",
  "odegard",
  "ødeg",
  "nguyen",
  "anh",
  "αλέξ",
  "李",
  "龍",
  "strasse",
  "straße",
  "istanbul",
  "µ",
  "inkmail",
  "jose.nunez@inkmail",
  "koi sketch",
  "deposit paid",
  "o'brien",
  "sum",
  "301-555",
  "3015550101",
];

describe("highlights marked in the worker are FTS5's", () => {
  it.each(queries)("%s", async (q) => {
    for (const row of rows) await addConsultation(row);
    const match = ftsQuery(q) as string;
    const phrases = phrasesOf(match);
    for (const tokens of [16, 5]) {
      const found = await ftsMarks(match, tokens);
      expect(found.length).toBeGreaterThan(0);
      for (const row of found) {
        for (const column of indexColumns(consultationKind)) {
          const source = row[snake(column)];
          const expected = row[`h_${snake(column)}`];
          const ours =
            typeof source === "string"
              ? markColumn(
                  source,
                  phrases,
                  { open, close, ellipsis: "…" },
                  longColumns.has(column) ? tokens : undefined,
                )
              : null;
          // FTS5 returns a column's text even when nothing in it matched; ours is null then.
          const theirs = typeof expected === "string" && expected.includes(open) ? expected : null;
          expect({ q, column, ours }).toEqual({ q, column, ours: theirs });
        }
      }
    }
  });
});

const marked = (segments: Segment[]) =>
  segments
    .filter((s) => s.match)
    .map((s) => s.text)
    .join("|");

describe("the artist sees exactly what matched", () => {
  it("marks accented words found without their accents, and the word being typed as a prefix", async () => {
    await addConsultation(rows[0]);
    const response = await send(
      "GET",
      `/api/admin/consultations?q=${encodeURIComponent("nunez ko")}`,
      admin.cookie,
    );
    const [item] = ((await response.json()) as InboxPage).items;
    const byField = Object.fromEntries((item?.highlights ?? []).map((h) => [h.field, h.segments]));
    expect(marked(byField.name ?? [])).toBe("Núñez");
    expect(marked(byField.email ?? [])).toBe("nunez");
    // The idea is long: a window around the match, cut with an ellipsis.
    expect(marked(byField.tattooIdea ?? [])).toMatch(/^koi(\|koi)*$/);
    expect((byField.tattooIdea ?? []).map((s) => s.text).join("")).toMatch(/…$/);
    expect(marked(byField.adminNotes ?? [])).toBe("Koi");
  });
});
