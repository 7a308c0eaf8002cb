import { describe, expect, it } from "vitest";
import { send, signedInEachTest } from "./admin-support";
import { addConsultation, addContact, insertRequestRows, iso, type InboxPage as Page } from "./inbox-support";

const admin = signedInEachTest();

describe("CSV export", () => {
  it("exports every matching row with a header, quoting and formula injection neutralised", async () => {
    await addContact({ name: '=HYPERLINK("http://evil")', message: 'Line one, "quoted"\nline two' });
    await addContact({ name: "Plain Name", status: "archived" });
    const response = await send("GET", "/api/admin/contacts/export.csv?status=unread", admin.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await response.text();
    const [header] = text.split("\r\n");
    expect(header).toBe(
      "id,created_at,updated_at,status,name,email,phone,service_interest,message,newsletter_signup,admin_notes,responded_at,responded_by",
    );
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain('"Line one, ""quoted""\nline two"');
    expect(text).not.toContain("Plain Name");
  });
});

describe("CSV export of consultation requests", () => {
  it("lists every field of the matching requests, newest first", async () => {
    const older = await addConsultation({
      name: "Export Older",
      email: "export-a@example.test",
      createdAt: iso(90),
    });
    const newer = await addConsultation({
      name: "Export Newer",
      email: "export-b@example.test",
      createdAt: iso(80),
    });
    const response = await send("GET", "/api/admin/consultations/export.csv?q=export-", admin.cookie);
    expect(response.status).toBe(200);
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines[0]).toBe(
      "id,created_at,updated_at,status,name,email,phone,tattoo_idea,size,placement,timeframe,experience,budget,availability,flash_design,admin_notes",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"${newer.id}"`);
    expect(lines[2]).toContain(`"${older.id}"`);
    expect(lines[2]).toContain('"A fine-line peony on the forearm","medium","forearm"');
  });
});

describe("keyset pagination at scale", () => {
  // How fast is measured by `npm run bench inbox` (a page 45,000 rows down, medians of several
  // runs), not here: a timed assertion fails on a loaded machine without anything being wrong.
  it("reads a page deep in 30,000 requests by its cursor, filtered by status and searched", async () => {
    const statuses = ["pending", "contacted", "scheduled", "completed", "cancelled"] as const;
    const base = Date.now() - 30_000 * 60_000;
    const rows = Array.from({ length: 30_000 }, (_, i) => [
      `bulk-${i}`,
      `Client ${i}`,
      `client${i}@example.test`,
      "301-555-0100",
      "An idea",
      statuses[i % 5] as string,
      new Date(base + i * 60_000).toISOString(),
    ]);
    await insertRequestRows(rows);

    const time = async (path: string) => {
      const started = performance.now();
      const response = await send("GET", path, admin.cookie);
      const body = (await response.json()) as Page;
      return { ms: performance.now() - started, body };
    };
    const first = await time("/api/admin/consultations?limit=50");
    expect(first.body.items).toHaveLength(50);
    let cursor = first.body.nextCursor;
    let deepest = first;
    for (let i = 0; i < 5; i++) {
      deepest = await time(`/api/admin/consultations?limit=50&cursor=${encodeURIComponent(cursor ?? "")}`);
      cursor = deepest.body.nextCursor;
    }
    // Jump near the end with a cursor built from a known row, as a deep page would be.
    const old = rows[100];
    const deepCursor = btoa(JSON.stringify([old?.[6], old?.[0]]));
    const deep = await time(`/api/admin/consultations?limit=50&cursor=${encodeURIComponent(deepCursor)}`);
    expect(deep.body.items[0]?.id).toBe("bulk-99");
    const filtered = await time(
      `/api/admin/consultations?limit=50&status=completed&cursor=${encodeURIComponent(deepCursor)}`,
    );
    expect(filtered.body.items.every((i) => i.status === "completed")).toBe(true);
    const search = await time("/api/admin/consultations?limit=50&q=client2999");
    expect(search.body.items.length).toBeGreaterThan(0);
    expect(filtered.body.items.map((item) => item.id).slice(0, 3)).toEqual(["bulk-98", "bulk-93", "bulk-88"]);
    expect(search.body.items.map((item) => item.id)).toContain("bulk-2999");
    expect(deep.body.items.map((item) => item.id)).toEqual(
      Array.from({ length: 50 }, (_, i) => `bulk-${99 - i}`),
    );
  }, 120_000);
});
