import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { contentFromModules } from "../../worker/features/content/seed";
import { latestPublishedContent } from "../../worker/features/content/service";
import { currentVersion } from "../../worker/features/site-pages/version-pointer";
import { adminCall, createAdmin, ORIGIN, quietLogs, send, signIn } from "./admin-support";
import { countingDb, saveSection, seedContent } from "./content-support";

interface DraftsBody {
  version: number;
  publishedAt: string | null;
  sections: Record<string, { data: unknown; revision: number; updatedAt: string; updatedBy: string }>;
  unpublished: string[];
}

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

let cookie: string;
let email: string;

beforeEach(async () => {
  quietLogs();
  await seedContent();
  const account = await createAdmin();
  email = account.email;
  cookie = await signIn(account);
});

const drafts = async () => (await (await send("GET", "/api/admin/content", cookie)).json()) as DraftsBody;
const publish = (baseVersion: number, note?: string) =>
  send("POST", "/api/admin/content/publish", cookie, { baseVersion, ...(note ? { note } : {}) });
const today = contentFromModules();
const save = (section: string, data: unknown) => saveSection(cookie, section, data);
const withBooksClosed = { booksOpen: false, message: "Books reopen in March." };

describe("GET /api/admin/content", () => {
  it("gives every section's draft and the live version, with nothing waiting to be published", async () => {
    const response = await send("GET", "/api/admin/content", cookie);
    expect(response.status).toBe(200);
    const body = (await response.json()) as DraftsBody;
    const live = await latestPublishedContent(env.DB);
    expect(body.version).toBe(live?.version);
    expect(Object.keys(body.sections).sort()).toEqual(Object.keys(today).sort());
    expect(body.sections.portfolio?.data).toEqual(today.portfolio);
    expect(body.unpublished).toEqual([]);
  });
});

describe("PUT /api/admin/content/sections/:section", () => {
  it("saves a section as a draft: the editor sees it, the site does not until it is published", async () => {
    const before = await latestPublishedContent(env.DB);
    const response = await save("booking", withBooksClosed);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      section: "booking",
      data: withBooksClosed,
      updatedBy: email,
    });
    const after = await drafts();
    expect(after.sections.booking?.data).toEqual(withBooksClosed);
    expect(after.unpublished).toEqual(["booking"]);
    expect(await latestPublishedContent(env.DB)).toEqual(before);
  });

  it("takes a whole portfolio in one body, larger than the admin API's usual 16 KiB", async () => {
    const reordered = [...today.portfolio].reverse();
    expect(JSON.stringify({ data: reordered }).length).toBeGreaterThan(16 * 1024);
    const response = await save("portfolio", reordered);
    expect(response.status).toBe(200);
    expect((await drafts()).sections.portfolio?.data).toEqual(reordered);
  });

  it("refuses a bad value with 400 and each field's message, and saves nothing of it", async () => {
    const [first, second, ...rest] = today.portfolio;
    const broken = [{ ...first, title: "Renamed" }, { ...second, title: "", date: "2025-02-30" }, ...rest];
    const response = await save("portfolio", broken);
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe("validation");
    expect(body.error.fields).toMatchObject({ "data.1.title": "Required", "data.1.date": "No such date" });
    // The valid first piece's new title was not kept either.
    expect((await drafts()).sections.portfolio?.data).toEqual(today.portfolio);
  });

  it("refuses hours that close before they open, and a missing day", async () => {
    const weekly = today.hours.weekly.map((day, i) =>
      i === 3 ? { ...day, opens: "18:00", closes: "12:00" } : day,
    );
    const response = await save("hours", { ...today.hours, weekly });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.fields).toEqual({
      "data.weekly.3.closes": "Closing time must be after opening time",
    });
    const sixDays = await save("hours", { ...today.hours, weekly: today.hours.weekly.slice(1) });
    expect(((await sixDays.json()) as ErrorBody).error.fields).toEqual({
      "data.weekly": "Give all seven days",
    });
  });

  it("answers 404 for a section that does not exist", async () => {
    const response = await save("pricing", {});
    expect(response.status).toBe(404);
    expect(((await response.json()) as ErrorBody).error.code).toBe("not_found");
  });
});

describe("publishing", () => {
  it("publishes the drafts as the next version, which the site then reads", async () => {
    const { version } = await drafts();
    await save("booking", withBooksClosed);
    const response = await publish(version, "Closing the books for winter");
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ version: version + 1 });
    const live = await latestPublishedContent(env.DB);
    expect(live?.version).toBe(version + 1);
    expect(live?.content).toEqual({ ...today, booking: withBooksClosed });
    expect((await drafts()).unpublished).toEqual([]);
    const history = (await (await send("GET", "/api/admin/content/versions", cookie)).json()) as {
      items: unknown[];
    };
    expect(history.items[0]).toMatchObject({
      version: version + 1,
      publishedBy: email,
      note: "Closing the books for winter",
      restoredFrom: null,
    });
  });

  it("refuses to publish over a version the editor has not seen (409), and only one of two at once wins", async () => {
    const { version } = await drafts();
    await save("booking", withBooksClosed);
    const [a, b] = await Promise.all([publish(version), publish(version)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const loser = (a.status === 409 ? a : b).clone();
    expect(((await loser.json()) as ErrorBody).error).toMatchObject({ code: "conflict" });
    expect((await latestPublishedContent(env.DB))?.version).toBe(version + 1);
    const stale = await publish(version);
    expect(stale.status).toBe(409);
    expect((await latestPublishedContent(env.DB))?.version).toBe(version + 1);
  });

  it("restores an older version by publishing it again, and the drafts follow", async () => {
    const { version: first } = await drafts();
    await save("booking", withBooksClosed);
    await publish(first);
    const response = await send("POST", `/api/admin/content/versions/${first}/restore`, cookie, {
      baseVersion: first + 1,
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ version: first + 2, restoredFrom: first });
    const live = await latestPublishedContent(env.DB);
    expect(live?.version).toBe(first + 2);
    expect(live?.content.booking).toEqual(today.booking);
    const after = await drafts();
    expect(after.sections.booking?.data).toEqual(today.booking);
    expect(after.unpublished).toEqual([]);
    const old = await send("GET", `/api/admin/content/versions/${first + 1}`, cookie);
    expect(await old.json()).toMatchObject({ version: first + 1, content: { booking: withBooksClosed } });
  });

  it("a restore over a stale version changes neither the site nor the drafts", async () => {
    const { version } = await drafts();
    await save("booking", withBooksClosed);
    const response = await send("POST", `/api/admin/content/versions/${version}/restore`, cookie, {
      baseVersion: version - 1,
    });
    expect(response.status).toBe(409);
    expect((await latestPublishedContent(env.DB))?.version).toBe(version);
    expect((await drafts()).sections.booking?.data).toEqual(withBooksClosed);
  });

  it("refuses to publish content with a section missing (400, naming it), and publishes nothing", async () => {
    const { version } = await drafts();
    await env.DB.prepare("DELETE FROM content_drafts WHERE section = 'hours'").run();
    const response = await publish(version);
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe("validation");
    expect(Object.keys(body.error.fields ?? {})).toEqual(["hours"]);
    expect((await latestPublishedContent(env.DB))?.version).toBe(version);
  });

  it("refuses to publish more content than one version can hold (413), and publishes nothing", async () => {
    const { version } = await drafts();
    // Lists at their longest allowed texts: each section is valid, the whole is over 1 MB.
    const text = (n: number) => "x".repeat(n);
    const [piece, review, entry] = [today.portfolio[0], today.testimonials[0], today.faq.items[0]];
    const big = {
      portfolio: Array.from({ length: 450 }, (_, i) => ({ ...piece, id: `p-${i}`, description: text(600) })),
      testimonials: Array.from({ length: 200 }, (_, i) => ({
        ...review,
        id: `r-${i}`,
        text: text(1000),
        artistResponse: text(1000),
      })),
      faq: {
        items: Array.from({ length: 100 }, (_, i) => ({ ...entry, id: `q-${i}`, answer: text(2000) })),
        servicesPage: [],
      },
    };
    for (const [section, data] of Object.entries(big)) {
      const saved = await save(section, data);
      expect(saved.status).toBe(200);
    }
    const response = await publish(version);
    expect(response.status).toBe(413);
    expect(((await response.json()) as ErrorBody).error.message).toMatch(/more than one version can hold/);
    expect((await latestPublishedContent(env.DB))?.version).toBe(version);
  });

  it("answers 404 for a version that does not exist", async () => {
    const { version } = await drafts();
    expect((await send("GET", "/api/admin/content/versions/999", cookie)).status).toBe(404);
    const restore = await send("POST", "/api/admin/content/versions/999/restore", cookie, {
      baseVersion: version,
    });
    expect(restore.status).toBe(404);
  });
});

describe("who may change the content", () => {
  it("refuses every content route without a session (401)", async () => {
    const calls = [
      adminCall("/api/admin/content"),
      adminCall("/api/admin/content/versions"),
      adminCall("/api/admin/content/sections/booking", {
        method: "PUT",
        headers: { Origin: ORIGIN, "Content-Type": "application/json" },
        body: JSON.stringify({ data: withBooksClosed, revision: 1 }),
      }),
      adminCall("/api/admin/content/publish", {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/json" },
        body: JSON.stringify({ baseVersion: 1 }),
      }),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(401);
    expect((await drafts()).sections.booking?.data).toEqual(today.booking);
  });

  it("refuses a change sent from another site, even with the artist's cookie (403)", async () => {
    const response = await adminCall("/api/admin/content/sections/booking", {
      method: "PUT",
      headers: { Cookie: cookie, Origin: "https://evil.test", "Content-Type": "application/json" },
      body: JSON.stringify({ data: withBooksClosed, revision: 1 }),
    });
    expect(response.status).toBe(403);
    expect((await drafts()).sections.booking?.data).toEqual(today.booking);
  });

  it("refuses a body over the content limit (413)", async () => {
    const response = await save("faq", "x".repeat(600 * 1024));
    expect(response.status).toBe(413);
  });
});

describe("publishing and the public pages", () => {
  // The location the artist publishes from shows the new version at once, without waiting
  // for its next version check (other locations see it within that check).
  it("points the publishing location's pages at the new version", async () => {
    await save("booking", withBooksClosed);
    const response = await publish(1, "spring hours");
    expect(response.status).toBe(201);
    const counted = countingDb(env.DB);
    const version = await currentVersion({
      cache: caches.default,
      db: counted.db,
      origin: ORIGIN,
      now: Date.now,
    });
    expect(version).toBe(2);
    expect(counted.counter.queries).toBe(0);
  });
});
