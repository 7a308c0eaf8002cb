// Two tabs or devices editing the same section, the content's audit trail, and a publish with
// nothing changed.
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { contentFromModules } from "../../worker/features/content/seed";
import { latestPublishedContent } from "../../worker/features/content/service";
import { createAdmin, quietLogs, send, signIn } from "./admin-support";
import { seedContent } from "./content-support";

interface Section {
  data: unknown;
  revision: number;
  updatedAt: string;
  updatedBy: string;
}
interface ErrorBody {
  error: { code: string; message: string };
}
interface AuditEntry {
  adminEmail: string;
  action: string;
  section: string | null;
  revision: number | null;
  version: number | null;
  restoredFrom: number | null;
  createdAt: string;
}

let cookie: string;
let email: string;

beforeEach(async () => {
  quietLogs();
  await seedContent();
  await env.DB.prepare("DELETE FROM content_audit").run();
  const account = await createAdmin();
  email = account.email;
  cookie = await signIn(account);
});

const today = contentFromModules();
const drafts = async () =>
  (await (await send("GET", "/api/admin/content", cookie)).json()) as {
    version: number;
    sections: Record<string, Section>;
  };
const put = (section: string, data: unknown, revision: number, as = cookie) =>
  send("PUT", `/api/admin/content/sections/${section}`, as, { data, revision });
const audit = async () =>
  ((await (await send("GET", "/api/admin/content/audit", cookie)).json()) as { items: AuditEntry[] }).items;
const lateHours = (closes: string) => ({
  ...today.hours,
  weekly: today.hours.weekly.map((day, i) => (i === 4 && day.opens ? { ...day, closes } : day)),
});

describe("the version check on drafts", () => {
  it("gives every section's revision, and each save moves it on by one", async () => {
    const before = (await drafts()).sections.hours;
    expect(before?.revision).toBe(1);
    const saved = await put("hours", lateHours("20:00"), 1);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ section: "hours", revision: 2, updatedBy: email });
    expect((await drafts()).sections.hours).toMatchObject({ revision: 2, data: lateHours("20:00") });
    expect((await put("hours", lateHours("21:00"), 2)).status).toBe(200);
    expect((await drafts()).sections.hours?.revision).toBe(3);
  });

  it("refuses a save from a revision another tab has moved past, saying who and when, and keeps theirs", async () => {
    const other = await createAdmin();
    const otherCookie = await signIn(other, "203.0.113.10");
    expect((await put("hours", lateHours("20:00"), 1, otherCookie)).status).toBe(200);
    const stale = await put("hours", lateHours("21:00"), 1);
    expect(stale.status).toBe(409);
    const { error } = (await stale.json()) as ErrorBody;
    expect(error.code).toBe("conflict");
    expect(error.message).toMatch(
      new RegExp(
        `^Hours were saved by ${other.email.replace(/[.+]/g, "\\$&")} at .+ in another tab or device\\.`,
      ),
    );
    expect(error.message).toContain("Reload to see their version; your changes are still on screen.");
    expect((await drafts()).sections.hours).toMatchObject({ revision: 2, data: lateHours("20:00") });
  });

  it("lets exactly one of two saves from the same revision at once win", async () => {
    const [a, b] = await Promise.all([
      put("hours", lateHours("20:00"), 1),
      put("hours", lateHours("21:00"), 1),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? lateHours("20:00") : lateHours("21:00");
    expect((await drafts()).sections.hours).toMatchObject({ revision: 2, data: winner });
    expect((await audit()).filter((entry) => entry.action === "save")).toHaveLength(1);
  });

  it("creates a section never saved from revision 0, and refuses a second create", async () => {
    await env.DB.prepare("DELETE FROM content_drafts WHERE section = 'announcement'").run();
    const banner = { text: "Guest spot in Baltimore" };
    expect((await put("announcement", banner, 0)).status).toBe(200);
    expect((await drafts()).sections.announcement).toMatchObject({ revision: 1, data: banner });
    expect((await put("announcement", null, 0)).status).toBe(409);
    expect((await put("announcement", null, 5)).status).toBe(409);
  });

  it("refuses a save without a revision (400): no save may skip the check", async () => {
    const response = await send("PUT", "/api/admin/content/sections/hours", cookie, { data: today.hours });
    expect(response.status).toBe(400);
    expect((await drafts()).sections.hours?.revision).toBe(1);
  });

  it("moves every section's revision on when a restore rewrites the drafts", async () => {
    const { version } = await drafts();
    expect((await put("booking", { booksOpen: false }, 1)).status).toBe(200);
    expect((await send("POST", "/api/admin/content/publish", cookie, { baseVersion: version })).status).toBe(
      201,
    );
    const restored = await send("POST", `/api/admin/content/versions/${version}/restore`, cookie, {
      baseVersion: version + 1,
    });
    expect(restored.status).toBe(201);
    const after = await drafts();
    expect(after.sections.booking).toMatchObject({ revision: 3, data: today.booking });
    expect(after.sections.hours?.revision).toBe(2);
    // A tab still holding the pre-restore booking draft cannot save over the restored one.
    expect((await put("booking", { booksOpen: false }, 2)).status).toBe(409);
  });
});

describe("publishing with nothing changed", () => {
  it("is refused with 'Nothing to publish' and adds no version", async () => {
    const { version } = await drafts();
    const response = await send("POST", "/api/admin/content/publish", cookie, { baseVersion: version });
    expect(response.status).toBe(409);
    const { error } = (await response.json()) as ErrorBody;
    expect(error.code).toBe("nothing_to_publish");
    expect(error.message).toMatch(/^Nothing to publish/);
    expect((await latestPublishedContent(env.DB))?.version).toBe(version);
  });

  it("counts a change undone by a later save as nothing", async () => {
    const { version } = await drafts();
    await put("booking", { booksOpen: false }, 1);
    await put("booking", today.booking, 2);
    const response = await send("POST", "/api/admin/content/publish", cookie, { baseVersion: version });
    expect(response.status).toBe(409);
    expect(((await response.json()) as ErrorBody).error.code).toBe("nothing_to_publish");
  });
});

describe("the content's audit trail", () => {
  it("records every save, publish and restore with who, when and which section or version", async () => {
    const { version } = await drafts();
    const started = new Date().toISOString();
    await put("hours", lateHours("20:00"), 1);
    await send("POST", "/api/admin/content/publish", cookie, { baseVersion: version });
    await send("POST", `/api/admin/content/versions/${version}/restore`, cookie, {
      baseVersion: version + 1,
    });
    const entries = await audit();
    expect(
      entries.map(({ action, section, revision, version: v, restoredFrom }) => ({
        action,
        section,
        revision,
        version: v,
        restoredFrom,
      })),
    ).toEqual([
      { action: "restore", section: null, revision: null, version: version + 2, restoredFrom: version },
      { action: "publish", section: null, revision: null, version: version + 1, restoredFrom: null },
      { action: "save", section: "hours", revision: 2, version: null, restoredFrom: null },
    ]);
    for (const entry of entries) {
      expect(entry.adminEmail).toBe(email);
      expect(entry.createdAt >= started).toBe(true);
    }
  });

  it("records nothing for a refused save, publish or restore", async () => {
    const { version } = await drafts();
    await put("hours", lateHours("20:00"), 7);
    await send("POST", "/api/admin/content/publish", cookie, { baseVersion: version });
    await send("POST", `/api/admin/content/versions/${version}/restore`, cookie, {
      baseVersion: version - 1,
    });
    expect(await audit()).toEqual([]);
  });

  it("is for the artist only (401 without a session)", async () => {
    expect((await send("GET", "/api/admin/content/audit", "")).status).toBe(401);
  });
});
