import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { adminCall, b64url, send, signedInEachTest } from "./admin-support";
import { addConsultation, inboxPage, iso, type InboxPage as Page } from "./inbox-support";

const admin = signedInEachTest();

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM consultation_requests").run();
});

const page = (query: string) => inboxPage(admin.cookie, "consultations", query);

/**
 * Reads every page of a query, calling `between` after each one (to add rows as visitors
 * would while the artist pages), and returns the ids in the order they were shown.
 */
async function readAll(query: string, between: (pageNumber: number) => Promise<unknown>) {
  const seen: string[] = [];
  let cursor: string | null = null;
  let pageNumber = 0;
  do {
    const next: Page = await page(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    if (next.nextCursor) expect(next.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    seen.push(...next.items.map((item) => item.id));
    cursor = next.nextCursor;
    await between(++pageNumber);
    // A cursor that fails to move on would page for ever; no test here has 40 pages.
    expect(pageNumber).toBeLessThan(40);
  } while (cursor);
  return seen;
}

describe("keyset paging while new requests arrive", () => {
  it("shows every row of the list once, in order, however many arrive between pages", async () => {
    const rows = [];
    // Some share a millisecond, so the id must settle the order between them.
    for (let i = 0; i < 23; i++)
      rows.push(await addConsultation({ createdAt: iso(100 + (i % 5 === 0 ? 0 : i)) }));
    const expected = (await page("limit=100")).items.map((item) => item.id);
    expect(expected).toHaveLength(23);
    const seen = await readAll("limit=4", () => addConsultation({ createdAt: iso(0) }));
    expect(seen).toEqual(expected);
  });

  it("shows every match of a search once, though arrivals shift every relevance score", async () => {
    for (let i = 0; i < 30; i++) {
      await addConsultation({
        name: i % 3 === 0 ? `Wren Client ${i}` : `Client ${i}`,
        tattooIdea: `${"wren ".repeat(1 + (i % 4))}and ${"filler words ".repeat(i % 7)}`,
        createdAt: iso(200 - i),
      });
    }
    const expected = (await page("q=wren&limit=100")).items.map((item) => item.id);
    expect(expected).toHaveLength(30);
    // Each arrival matches too, and changes how rare "wren" is and how long rows are on average.
    const seen = await readAll("q=wren&limit=4", (n) =>
      addConsultation({
        name: `Wren Newcomer ${n}`,
        tattooIdea: "wren ".repeat((n % 5) + 1),
        createdAt: iso(0),
      }),
    );
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...expected].sort());
  });

  it("pages a status filter and a search together", async () => {
    for (let i = 0; i < 9; i++) {
      await addConsultation({ name: `Wren ${i}`, status: i % 3 === 0 ? "scheduled" : "pending" });
    }
    const seen = await readAll("q=wren&status=scheduled&limit=2", async () => {});
    expect(seen).toHaveLength(3);
  });
});

describe("cursors", () => {
  const refused = async (query: string) => {
    const response = await send("GET", `/api/admin/consultations?${query}`, admin.cookie);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; fields?: Record<string, unknown> } };
    expect(body.error.code).toBe("validation");
    expect(body.error.fields).toHaveProperty("cursor");
  };

  it.each([
    ["not base64", "%%%"],
    ["base64 of nonsense", b64url("hello")],
    ["an object", b64url({ createdAt: "x", id: "y" })],
    ["a search cursor with a word for a score", b64url(["s", "best", 1, 2])],
    ["a search cursor with a negative rowid", b64url(["s", -1.5, -3, 2])],
    ["a list cursor with numbers", b64url([1, 2])],
    ["too long", "A".repeat(201)],
  ])("a cursor that is %s is refused with 400", async (_, cursor) => {
    await refused(`cursor=${encodeURIComponent(cursor)}`);
  });

  it("refuses a search's cursor on the plain list and the list's cursor on a search", async () => {
    for (let i = 0; i < 3; i++) await addConsultation({ name: `Wren ${i}`, createdAt: iso(i) });
    const searched = await page("q=wren&limit=1");
    const listed = await page("limit=1");
    expect(searched.nextCursor).not.toBeNull();
    expect(listed.nextCursor).not.toBeNull();
    await refused(`cursor=${encodeURIComponent(searched.nextCursor ?? "")}`);
    await refused(`q=wren&cursor=${encodeURIComponent(listed.nextCursor ?? "")}`);
  });

  it("a page of more than 100 is refused", async () => {
    const response = await send("GET", "/api/admin/consultations?limit=101", admin.cookie);
    expect(response.status).toBe(400);
  });
});

describe("without a session", () => {
  it.each([
    "/api/admin/consultations",
    "/api/admin/consultations?q=wren",
    "/api/admin/contacts?cursor=abc",
    "/api/admin/consultations/export.csv?q=wren",
  ])("%s answers 401", async (path) => {
    const response = await adminCall(path);
    expect(response.status).toBe(401);
  });
});
