import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { notificationsFor } from "../../worker/features/mail/queries";
import { siteEvents } from "../../worker/features/measurements/tables";
import { boundChunks, insertInChunks } from "../../worker/platform/db/d1-limits";
import { send, signedInEachTest } from "./admin-support";
import { addContact, type InboxPage } from "./inbox-support";
import { storedBy } from "./measurement-support";
import { postJson, refusedFields } from "./support";

// Each edge of D1's limits that an input size can reach, at the largest size the API accepts
// and one past it: the first must work, the second must be a 400 in the one error shape.

let calls = 0;

/**
 * `n` contact messages, newest first by index, each with its queued notification. The tests of
 * a file share one database, so each call's rows are dated a day after the previous call's.
 */
async function addContacts(n: number, prefix = crypto.randomUUID().slice(0, 8)) {
  const now = Date.now() + ++calls * 86_400_000;
  const ids = Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(4, "0")}`);
  await env.DB.batch(
    ids.flatMap((id, i) => {
      const at = new Date(now - i * 1000).toISOString();
      return [
        env.DB.prepare(
          "INSERT INTO contact_submissions (id, name, email, message, created_at) VALUES (?, ?, ?, ?, ?)",
        ).bind(id, `Client ${i}`, `client${i}@example.test`, "Do you do cover-ups?", at),
        env.DB.prepare(
          "INSERT INTO mail_queue (id, kind, topic, subject_id, status, attempts, next_attempt_at, created_at, updated_at) VALUES (?, 'notification', 'contact', ?, 'pending', 0, ?, ?, ?)",
        ).bind(`outbox-${id}`, id, at, at, at),
      ];
    }),
  );
  return ids;
}

const prefixOf = (ids: string[]) => ids[0]?.split("-")[0] ?? "";

type Row = InboxPage["items"][number] & { notification: { status: string } | null };

const admin = signedInEachTest();

describe("admin inbox at D1's limit of 100 bound parameters", () => {
  it("lists the largest page, 100 rows, each with its delivery state, and refuses 101", async () => {
    const ids = await addContacts(150);
    const full = await send("GET", "/api/admin/contacts?limit=100", admin.cookie);
    expect(full.status).toBe(200);
    const page = (await full.json()) as Omit<InboxPage, "items"> & { items: Row[] };
    expect(page.items.map((item) => item.id)).toEqual(ids.slice(0, 100));
    expect(page.items.every((item) => item.notification?.status === "pending")).toBe(true);
    const rest = await send(
      "GET",
      `/api/admin/contacts?limit=100&cursor=${encodeURIComponent(page.nextCursor ?? "")}`,
      admin.cookie,
    );
    expect(((await rest.json()) as InboxPage).items.map((item) => item.id)).toEqual(ids.slice(100));

    const past = await send("GET", "/api/admin/contacts?limit=101", admin.cookie);
    expect(await refusedFields(past)).toEqual(["limit"]);
  });

  it("exports 250 rows, each once, in one download", async () => {
    const ids = await addContacts(250);
    const response = await send("GET", "/api/admin/contacts/export.csv", admin.cookie);
    expect(response.status).toBe(200);
    const lines = (await response.text()).trim().split("\r\n").slice(1);
    const exported = lines.map((line) => line.slice(1, line.indexOf('"', 1)));
    expect(exported.filter((id) => id.startsWith(prefixOf(ids)))).toEqual(ids);
  });

  it("reads the delivery state of more submissions than one statement may bind", async () => {
    const ids = await addContacts(250);
    const states = await notificationsFor(env.DB, "contact", ids);
    expect([...states.keys()].sort()).toEqual(ids);
  });
});

describe("admin search, which D1 would refuse as a LIKE pattern over 50 bytes", () => {
  const search = (q: string) => send("GET", `/api/admin/contacts?q=${encodeURIComponent(q)}`, admin.cookie);
  const idsFound = async (q: string) => {
    const response = await search(q);
    expect(response.status).toBe(200);
    return ((await response.json()) as InboxPage).items.map((item) => item.id);
  };

  it("finds a pasted e-mail address longer than a pattern may be", async () => {
    const email = `${"a".repeat(40)}.whitfield@studio-example.test`;
    const row = await addContact({ email });
    expect(new TextEncoder().encode(email).length).toBeGreaterThan(48);
    expect(await idsFound(email)).toEqual([row.id]);
    expect(await idsFound(email.toUpperCase())).toEqual([row.id]);
  });

  it("answers the longest search accepted, in any script, and refuses one character more", async () => {
    const row = await addContact({ name: "Émile Zoë" });
    expect(await idsFound("Émile")).toEqual([row.id]);
    for (const q of ["a".repeat(48), "a".repeat(49), "é".repeat(30), "é".repeat(200), "😀".repeat(100)]) {
      expect(await idsFound(q)).toEqual([]);
    }
    // Wildcards and the old escape character are plain text.
    expect(await idsFound("%")).toEqual([]);
    expect(await idsFound("_")).toEqual([]);
    expect(await idsFound("\\")).toEqual([]);

    const past = await search("é".repeat(201));
    expect(await refusedFields(past)).toEqual(["q"]);
  });
});

describe("measurement batches, each stored in statements D1 accepts", () => {
  let host = 0;
  const post = (path: string, body: unknown) => postJson(path, body, `198.51.100.${++host}`);

  const events = (n: number) => ({
    sessionId: crypto.randomUUID(),
    // Not A/B events: those count once per session, and these must all be stored.
    events: Array.from({ length: n }, (_, i) => ({
      type: "Scroll Depth",
      properties: { step: i, page: "/" },
      path: "/",
    })),
  });

  const metrics = (n: number) => ({
    session: { id: crypto.randomUUID(), path: "/gallery", connection: "4g" },
    metrics: Array.from({ length: n }, (_, i) => ({
      name: (["LCP", "CLS", "INP", "FCP", "TTFB"] as const)[i % 5],
      value: 1 + i,
      rating: "good",
      navigationType: "navigate",
    })),
  });

  // Each endpoint's largest batch is stored whole (web-vitals keep one of each metric per page
  // view); one item more is refused, naming the list.
  it.each([
    {
      title: "stores 20 events, the most the site's own script sends at once, and refuses 21",
      path: "/api/events",
      batch: events,
      largest: 20,
      stored: 20,
      list: "events",
    },
    {
      title: "takes 10 web-vitals, the largest batch, keeping one of each per page view, and refuses 11",
      path: "/api/metrics",
      batch: metrics,
      largest: 10,
      stored: 5,
      list: "metrics",
    },
  ])("$title", async ({ path, batch, largest, stored, list }) => {
    expect(await storedBy(await post(path, batch(largest)))).toBe(stored);
    expect(await refusedFields(await post(path, batch(largest + 1)))).toEqual([list]);
  });
});

describe("the chunking helpers", () => {
  it("fill each statement up to 100 parameters and never past it", () => {
    const ids = Array.from({ length: 250 }, (_, i) => i);
    expect(boundChunks(ids, 1, 1).map((chunk) => chunk.length)).toEqual([99, 99, 52]);
    expect(boundChunks(ids.slice(0, 20), 6).map((chunk) => chunk.length)).toEqual([16, 4]);
    expect(boundChunks([], 6)).toEqual([]);
    expect(() => boundChunks(ids, 101)).toThrow();
  });

  it("store a batch whole or not at all", async () => {
    const db = drizzle(env.METRICS_DB);
    const sessionId = `chunked-${crypto.randomUUID()}`;
    const row = { type: "Scroll Depth", sessionId, path: "/" };
    await insertInChunks(db, siteEvents, []);
    // The last row breaks NOT NULL in the second statement (a row binds 3, so 33 fit in the
    // first); the first must roll back with it.
    const rows = [...Array.from({ length: 40 }, () => row), { ...row, type: null as unknown as string }];
    await expect(insertInChunks(db, siteEvents, rows)).rejects.toThrow();
    const count = () =>
      env.METRICS_DB.prepare("SELECT COUNT(*) AS n FROM site_events WHERE session_id = ?")
        .bind(sessionId)
        .first("n");
    expect(await count()).toBe(0);
    await insertInChunks(db, siteEvents, rows.slice(0, 40));
    expect(await count()).toBe(40);
  });
});
