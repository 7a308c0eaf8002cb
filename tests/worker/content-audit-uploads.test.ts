import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin, quietLogs, send, signIn } from "./admin-support";
import { seedContent } from "./content-support";
import { emptyBucket, picture, type UploadAnswer, upload } from "./photos-support";

// The content's trail names the photos the artist uploads, with who and when, beside her saves
// and publishes; the admin reads it newest first, a page at a time.

interface AuditEntry {
  id: number;
  adminEmail: string;
  action: string;
  section: string | null;
  version: number | null;
  photoName: string | null;
  createdAt: string;
}
interface AuditPage {
  items: AuditEntry[];
  nextBefore: number | null;
}

let cookie: string;
let email: string;

beforeEach(async () => {
  quietLogs();
  await emptyBucket();
  await seedContent();
  await env.DB.batch([env.DB.prepare("DELETE FROM photos"), env.DB.prepare("DELETE FROM content_audit")]);
  const account = await createAdmin();
  email = account.email;
  cookie = await signIn(account);
});

const auditPage = async (query = "") =>
  (await (await send("GET", `/api/admin/content/audit${query}`, cookie)).json()) as AuditPage;

async function uploaded(name: string) {
  const response = await upload(cookie, await picture(64, 48, "png"), name, { type: "image/png" });
  expect(response.status).toBe(201);
  return (await response.json()) as UploadAnswer;
}

describe("photo uploads in the content's trail", () => {
  it("records an upload with who, when, the photo's key and its file name", async () => {
    const started = new Date().toISOString();
    const answer = await uploaded("IMG_2041.PNG");
    const { items } = await auditPage();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      action: "upload",
      adminEmail: email,
      section: answer.photo.key,
      photoName: "IMG_2041.PNG",
      version: null,
    });
    expect(items[0]?.createdAt && items[0].createdAt >= started).toBe(true);
  });

  it("records nothing for a refused upload", async () => {
    const response = await upload(cookie, new TextEncoder().encode("MZ not a photo"), "setup.jpg");
    expect(response.status).toBe(415);
    expect((await auditPage()).items).toEqual([]);
  });

  it("keeps the entry, without a name, once the clean-up has removed the unused photo", async () => {
    const answer = await uploaded("unused.png");
    await env.DB.prepare("DELETE FROM photos WHERE key = ?").bind(answer.photo.key).run();
    const [entry] = (await auditPage()).items;
    expect(entry).toMatchObject({ action: "upload", section: answer.photo.key, photoName: null });
  });

  it("lists uploads among saves and publishes, newest first, a page at a time", async () => {
    await uploaded("first.png");
    const drafts = (await (await send("GET", "/api/admin/content", cookie)).json()) as {
      version: number;
      sections: Record<string, { data: unknown; revision: number }>;
    };
    const booking = drafts.sections.booking;
    await send("PUT", "/api/admin/content/sections/booking", cookie, {
      data: { booksOpen: false, message: "Books reopen in March." },
      revision: booking?.revision ?? 0,
    });
    await send("POST", "/api/admin/content/publish", cookie, { baseVersion: drafts.version });
    await uploaded("second.png");

    const first = await auditPage("?limit=2");
    expect(
      first.items.map((entry) => [entry.action, entry.photoName ?? entry.section ?? entry.version]),
    ).toEqual([
      ["upload", "second.png"],
      ["publish", drafts.version + 1],
    ]);
    expect(first.nextBefore).not.toBeNull();
    const second = await auditPage(`?limit=2&before=${first.nextBefore}`);
    expect(second.items.map((entry) => [entry.action, entry.photoName ?? entry.section])).toEqual([
      ["save", "booking"],
      ["upload", "first.png"],
    ]);
    expect(second.nextBefore).toBeNull();
  });

  it("refuses a malformed page (400, naming the field)", async () => {
    const response = await send("GET", "/api/admin/content/audit?limit=0", cookie);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields?: Record<string, string> } };
    expect(Object.keys(body.error.fields ?? {})).toEqual(["limit"]);
  });
});
