// The content API on the served worker (workerd, wrangler dev, the built bundle): the fresh
// server starts with the studio's content as version 1, and a change saved and published over
// HTTP is the live version in its database. The last test restores the seeded content, so the
// files after this one see the studio as it was.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { adminApi } from "../support/admin-api";
import { useAdminAccount } from "../support/admin-browser";
import { d1 } from "../support/d1";

const baseUrl = inject("baseUrl");
const account = useAdminAccount("content-artist@e2e-studio.test", "a content e2e passphrase 31");

// An address of its own: the sign-in tests lock 127.0.0.1 out on purpose.
const { call, signIn } = adminApi(baseUrl, "2001:db8:c0e::1");

interface Drafts {
  version: number;
  sections: Record<string, { data: unknown; revision: number }>;
  unpublished: string[];
}

const live = () =>
  d1<{ version: number; booksOpen: number; first: string }>(
    `SELECT version, json_extract(snapshot, '$.booking.booksOpen') AS booksOpen,
       json_extract(snapshot, '$.portfolio[0].id') AS first
     FROM content_versions ORDER BY version DESC LIMIT 1`,
  )[0];

beforeAll(async () => {
  await signIn(account);
});

describe("the content API on the served worker", () => {
  let seeded: Drafts;

  it("starts from the seeded content", async () => {
    const response = await call("GET", "/api/admin/content");
    expect(response.status).toBe(200);
    seeded = (await response.json()) as Drafts;
    expect(seeded.version).toBeGreaterThanOrEqual(1);
    expect(seeded.sections.portfolio?.data).toHaveLength(46);
    expect(seeded.unpublished).toEqual([]);
    expect(live()).toMatchObject({ version: seeded.version, booksOpen: 1, first: "tattoo-001" });
  });

  it("publishes a reordered portfolio (a body over 16 KiB) and closed books as the next version", async () => {
    const reordered = [...((seeded.sections.portfolio?.data ?? []) as { id: string }[])].reverse();
    const saved = await call("PUT", "/api/admin/content/sections/portfolio", {
      data: reordered,
      revision: seeded.sections.portfolio?.revision,
    });
    expect(saved.status).toBe(200);
    const closed = await call("PUT", "/api/admin/content/sections/booking", {
      data: { booksOpen: false, message: "Books reopen in March." },
      revision: seeded.sections.booking?.revision,
    });
    expect(closed.status).toBe(200);
    expect(live()?.version).toBe(seeded.version);
    const published = await call("POST", "/api/admin/content/publish", { baseVersion: seeded.version });
    expect(published.status).toBe(201);
    expect(live()).toMatchObject({ version: seeded.version + 1, booksOpen: 0, first: reordered[0]?.id });
  });

  it("restores the seeded version as the next one", async () => {
    const restored = await call("POST", `/api/admin/content/versions/${seeded.version}/restore`, {
      baseVersion: seeded.version + 1,
    });
    expect(restored.status).toBe(201);
    expect(live()).toMatchObject({ version: seeded.version + 2, booksOpen: 1, first: "tattoo-001" });
  });
});
