import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

const insertContact = (status: string) =>
  env.DB.prepare(
    "INSERT INTO contact_submissions (id, name, email, message, status) VALUES (?, ?, ?, ?, ?)",
  ).bind(crypto.randomUUID(), "Dana Reyes", "dana@example.com", "A small fern on my wrist, please.", status);

describe("D1 schema (real migrations)", () => {
  it("stamps new rows with server-set UTC ISO timestamps and the initial status", async () => {
    await insertContact("unread").run();
    const row = await env.DB.prepare(
      "SELECT status, created_at, updated_at, newsletter_signup FROM contact_submissions",
    ).first<{
      status: string;
      created_at: string;
      updated_at: string;
      newsletter_signup: number;
    }>();
    expect(row?.status).toBe("unread");
    expect(row?.newsletter_signup).toBe(0);
    expect(row?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Math.abs(Date.parse(row?.created_at ?? "") - Date.now())).toBeLessThan(60_000);
  });

  it("refuses a contact status outside the workflow", async () => {
    await expect(insertContact("deleted").run()).rejects.toThrow(/CHECK constraint failed/);
  });

  it("refuses a consultation status outside the workflow and defaults new requests to pending", async () => {
    const insert = (status?: string) =>
      env.DB.prepare(
        `INSERT INTO consultation_requests (id, name, email, phone, tattoo_idea${status ? ", status" : ""}) VALUES (?, ?, ?, ?, ?${status ? ", ?" : ""})`,
      ).bind(
        crypto.randomUUID(),
        "Sam Cole",
        "sam@example.com",
        "3015550100",
        "A koi fish climbing my forearm in colour.",
        ...(status ? [status] : []),
      );
    await expect(insert("lost").run()).rejects.toThrow(/CHECK constraint failed/);
    await insert().run();
    const row = await env.DB.prepare("SELECT status FROM consultation_requests").first<{ status: string }>();
    expect(row?.status).toBe("pending");
  });

  it("has indexes for listing each inbox by status and date", async () => {
    const { results } = await env.DB.prepare(
      "SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' AND name LIKE '%_idx'",
    ).all<{ name: string; tbl_name: string }>();
    const names = results.map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "consultation_requests_status_created_idx",
        "consultation_requests_created_idx",
        "contact_submissions_status_created_idx",
        "contact_submissions_created_idx",
      ]),
    );
  });
});
