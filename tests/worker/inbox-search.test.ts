import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { consultationKind, contactKind, submissionKinds } from "../../shared/submission-kinds";
import { indexColumns } from "../../worker/features/inbox/search-queries";
import { adminCall, send, signedInEachTest } from "./admin-support";
import {
  addConsultation,
  addContact,
  emptyInboxes,
  inboxPage,
  iso,
  type InboxPage as Page,
  type Segment,
} from "./inbox-support";

const admin = signedInEachTest();

beforeEach(async () => {
  // Storage is shared by the tests of a file: each test searches only its own rows.
  await emptyInboxes();
});

const search = (collection: string, q: string, extra = "") =>
  inboxPage(admin.cookie, collection, `q=${encodeURIComponent(q)}${extra}`);

const ids = (page: Page) => page.items.map((item) => item.id);
const marked = (segments: Segment[]) =>
  segments
    .filter((s) => s.match)
    .map((s) => s.text)
    .join("|");

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

describe("the search index", () => {
  it.each(submissionKinds.map((kind) => [kind.name, kind] as const))(
    "indexes exactly the %s descriptor's search columns, then the phone's digits",
    async (_, kind) => {
      const { results } = await env.DB.prepare(`PRAGMA table_info("${kind.table}_search")`).all<{
        name: string;
      }>();
      expect(results.map((column) => column.name)).toEqual(indexColumns(kind).map(snake));
    },
  );

  it("follows changes and deletions of a row", async () => {
    const row = await addConsultation({ name: "Quill Ferris", email: "quill@example.test" });
    expect(ids(await search("consultations", "halloween"))).toEqual([]);
    await send("PATCH", `/api/admin/consultations/${row.id}`, admin.cookie, {
      adminNotes: "Halloween flash day",
    });
    expect(ids(await search("consultations", "halloween"))).toEqual([row.id]);
    // A status change leaves the text alone and the row still found.
    await send("PATCH", `/api/admin/consultations/${row.id}`, admin.cookie, { status: "contacted" });
    expect(ids(await search("consultations", "quill"))).toEqual([row.id]);
    await env.DB.prepare("DELETE FROM consultation_requests WHERE id = ?").bind(row.id).run();
    expect(ids(await search("consultations", "quill"))).toEqual([]);
  });
});

describe("search finds what the artist remembers", () => {
  // Each kind's one row holding every field searched, beside another that must not come up.
  const remembered = {
    "a consultation request": {
      list: "consultations",
      add: () =>
        addConsultation({
          name: "Marisol Vega",
          email: "marisol.v@inkmail.test",
          phone: "410-555-0177",
          tattooIdea: "A hummingbird drinking from a trumpet vine",
          placement: "Left shoulder blade",
          size: "palm-sized",
          adminNotes: "Asked about the deposit",
        }),
      other: () =>
        addConsultation({ name: "Other Person", email: "other@example.test", phone: "301-555-0199" }),
    },
    "a contact message": {
      list: "contacts",
      add: () =>
        addContact({
          name: "Theo Brandt",
          email: "theo@example.test",
          phone: "(240) 555-0123",
          serviceInterest: "blackwork",
          message: "Could a sternum piece be done in one sitting?",
          adminNotes: "callback Friday",
        }),
      other: () => addContact({ name: "Someone Else", email: "else@example.test" }),
    },
  };

  it.each([
    ["a consultation request", "name", "Marisol"],
    ["a consultation request", "e-mail", "marisol.v@inkmail.test"],
    ["a consultation request", "part of the e-mail", "inkmail"],
    ["a consultation request", "phone as written", "410-555-0177"],
    ["a consultation request", "phone as bare digits", "4105550177"],
    ["a consultation request", "the start of the phone", "410555"],
    ["a consultation request", "idea text", "hummingbird"],
    ["a consultation request", "placement", "shoulder blade"],
    ["a consultation request", "size", "palm-sized"],
    ["a consultation request", "notes", "deposit"],
    ["a contact message", "service interest (style)", "blackwork"],
    ["a contact message", "message", "sternum"],
    ["a contact message", "notes", "callback"],
    ["a contact message", "phone", "2405550123"],
  ] as const)("%s by its %s", async (kind, _, q) => {
    const { list, add, other } = remembered[kind];
    const row = await add();
    await other();
    expect(ids(await search(list, q))).toEqual([row.id]);
  });

  it("matches the last word as a prefix, the way the artist is still typing", async () => {
    const row = await addConsultation({ name: "Bartholomew Quince" });
    expect(ids(await search("consultations", "barth"))).toEqual([row.id]);
    expect(ids(await search("consultations", "quince barth"))).toEqual([row.id]);
  });

  it("ranks a match in the name above one in the idea text", async () => {
    const inIdea = await addConsultation({
      name: "Ada Lowell",
      tattooIdea: "A raven on a branch, for my friend Corvina",
      createdAt: iso(1),
    });
    const inName = await addConsultation({ name: "Corvina Hale", createdAt: iso(50) });
    expect(ids(await search("consultations", "corvina"))).toEqual([inName.id, inIdea.id]);
  });

  it("finds Unicode names with or without their accents, and scripts without spaces", async () => {
    const jose = await addConsultation({ name: "José Núñez-Ibáñez", email: "jn@example.test" });
    const li = await addConsultation({ name: "李小龍", email: "li@example.test" });
    const zoe = await addConsultation({ name: "Zoë Ødegård", email: "zo@example.test" });
    expect(ids(await search("consultations", "jose nunez"))).toEqual([jose.id]);
    expect(ids(await search("consultations", "NÚÑEZ"))).toEqual([jose.id]);
    expect(ids(await search("consultations", "李小"))).toEqual([li.id]);
    expect(ids(await search("consultations", "zoe"))).toEqual([zoe.id]);
    // The same letters composed differently (NFD) find the same row.
    expect(ids(await search("consultations", "Zoë".normalize("NFD")))).toEqual([zoe.id]);
  });
});

describe("highlights", () => {
  it("returns the matched stretches as plain segments, never as markup", async () => {
    await addConsultation({
      name: "Ivy <b>Marsh</b>",
      email: "ivy@example.test",
      tattooIdea: `${"Some words before the part that matters. ".repeat(8)}A marsh heron in fine line, ${"and more words after. ".repeat(8)}`,
    });
    const page = await search("consultations", "marsh");
    const highlights = page.items[0]?.highlights ?? [];
    const name = highlights.find((h) => h.field === "name");
    expect(name?.segments).toEqual([
      { text: "Ivy <b>", match: false },
      { text: "Marsh", match: true },
      { text: "</b>", match: false },
    ]);
    const idea = highlights.find((h) => h.field === "tattooIdea");
    expect(idea && marked(idea.segments)).toBe("marsh");
    // A long field comes back as a snippet around the match, not the whole text.
    expect(idea?.segments.map((s) => s.text).join("").length).toBeLessThan(200);
    expect(highlights.some((h) => h.field === "email")).toBe(false);
  });

  it("marks the whole phone number when its digits matched", async () => {
    await addConsultation({ name: "Pia Lund", phone: "443-555-0142" });
    const [item] = (await search("consultations", "4435550142")).items;
    expect(item?.highlights).toContainEqual({
      field: "phone",
      segments: [{ text: "443-555-0142", match: true }],
    });
  });

  it("are absent from the plain list", async () => {
    await addConsultation();
    const response = await send("GET", "/api/admin/consultations", admin.cookie);
    const page = (await response.json()) as Page;
    expect(page.items[0]).not.toHaveProperty("highlights");
  });
});

describe("status chips count what the search matches", () => {
  it("per status and in all, whatever status the list shows", async () => {
    await addConsultation({ name: "Wren Abbott", status: "pending" });
    await addConsultation({ name: "Wren Castillo", status: "contacted" });
    await addConsultation({ name: "Wren Duval", status: "contacted" });
    await addConsultation({ name: "Nobody Else", status: "completed" });
    const page = await search("consultations", "wren", "&status=contacted");
    expect(page.items).toHaveLength(2);
    expect(page.counts).toEqual({
      pending: 1,
      contacted: 2,
      scheduled: 0,
      completed: 0,
      cancelled: 0,
      all: 3,
    });
    expect(page.totals.consultations).toBe(4);
  });
});

describe("hostile or odd search text never fails", () => {
  const hostile = [
    '"',
    '""',
    "*",
    "-",
    "- wren",
    "OR",
    "wren OR",
    "AND NOT",
    "NEAR(",
    "NEAR(wren abbott, 2)",
    "name:wren",
    "^wren",
    "(wren",
    "wren)",
    "{name}: x",
    "'; DROP TABLE consultation_requests; --",
    "%_",
    "\u0000",
    "😀🎉",
    "\u202e evil",
    "ｗｒｅｎ",
    "a".repeat(200),
    `${"wren ".repeat(40)}`.trim(),
    `${'"* '.repeat(66)}`,
  ];
  it.each(hostile.map((q) => [JSON.stringify(q).slice(0, 40), q]))("%s", async (_, q) => {
    await addConsultation({ name: "Wren Abbott" });
    const response = await send("GET", `/api/admin/consultations?q=${encodeURIComponent(q)}`, admin.cookie);
    expect(response.status).toBe(200);
    const page = (await response.json()) as Page;
    expect(page.counts.all).toBe(page.items.length);
    const exported = await send(
      "GET",
      `/api/admin/consultations/export.csv?q=${encodeURIComponent(q)}`,
      admin.cookie,
    );
    expect(exported.status).toBe(200);
    await exported.text();
  });

  it("treats operators as words: OR finds only rows with the word 'or'", async () => {
    await addConsultation({ name: "Wren Abbott" });
    const either = await addConsultation({ name: "Kit Oren", tattooIdea: "A rose or a peony, not sure yet" });
    expect(ids(await search("consultations", "OR"))).toContain(either.id);
    expect((await search("consultations", "wren OR kit")).items).toEqual([]);
  });

  it("finds nothing for text with nothing to search for, and says so in the counts", async () => {
    await addConsultation();
    const page = await search("consultations", "*** ---");
    expect(page.items).toEqual([]);
    expect(page.counts.all).toBe(0);
  });

  it("refuses a query over 200 characters with a 400, not a 500", async () => {
    const response = await send("GET", `/api/admin/consultations?q=${"a".repeat(201)}`, admin.cookie);
    expect(response.status).toBe(400);
  });
});

describe("the contact inbox has the same search", () => {
  it("with its own statuses in the counts", async () => {
    await addContact({ name: "Juniper Hale", status: "read" });
    const page = await search("contacts", "juniper");
    expect(page.counts).toEqual({ unread: 0, read: 1, responded: 0, archived: 0, all: 1 });
    expect(contactKind.searchColumns).toContain("message");
    expect(consultationKind.searchColumns).toContain("tattooIdea");
  });

  it("is behind the sign-in", async () => {
    const response = await adminCall("/api/admin/contacts?q=juniper");
    expect(response.status).toBe(401);
  });
});
