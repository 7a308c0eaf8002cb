// Content published through the admin on the served worker (workerd, the built bundle): how
// soon every page shows it, and that every page hydrates cleanly from the new content. What a
// visitor gets while D1 is unreachable is tested in the worker pool, which can take the binding
// away (workerd keeps a lock on its local database file, so no other process can lock it). The
// last test restores the seeded content, so the files after this one see the studio as it was.
import type { ConsoleMessage } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { pathAliases, publicPages } from "../../shared/routes";
import { adminApi } from "../support/admin-api";
import { createAdminAccount } from "../support/admin-browser";
import { hydrateEveryIsland } from "../support/islands";
import { useBrowser } from "../support/use-browser";

const baseUrl = inject("baseUrl");
const browser = useBrowser();
const account = { email: "live-content@e2e-studio.test", password: "a live content passphrase 47" };
const marker = `Books open through spring: ask about the ${Date.now()} flash day.`;
const pagePaths = [...publicPages.map((page) => page.path), ...Object.keys(pathAliases)];
let seededVersion = 0;

// An address of its own: the sign-in tests lock 127.0.0.1 out on purpose.
const { call, signIn } = adminApi(baseUrl, "2001:db8:11e::1");

/** The content a page says it rendered from: the data block in its head, as the browser reads it. */
async function pageContent(path: string): Promise<{ status: number; booking?: { message?: string } }> {
  const response = await fetch(`${baseUrl}${path}`);
  const html = await response.text();
  const block = /<script type="application\/json" id="page-content">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return { status: response.status, ...(block ? JSON.parse(block) : {}) };
}

beforeAll(async () => {
  createAdminAccount(account.email, account.password, inject("adminPepper"));
  await signIn(account);
  const drafts = (await (await call("GET", "/api/admin/content")).json()) as { version: number };
  seededVersion = drafts.version;
});

describe("content published through the admin, on the served worker", () => {
  it("shows on every page within 10 s of the publish", async () => {
    for (const path of pagePaths) expect((await pageContent(path)).booking?.message, path).not.toBe(marker);
    const drafts = (await (await call("GET", "/api/admin/content")).json()) as {
      sections: Record<string, { revision: number }>;
    };
    const saved = await call("PUT", "/api/admin/content/sections/booking", {
      data: { booksOpen: true, message: marker },
      revision: drafts.sections.booking?.revision,
    });
    expect(saved.status).toBe(200);
    const published = await call("POST", "/api/admin/content/publish", { baseVersion: seededVersion });
    expect(published.status).toBe(201);
    const publishedAt = Date.now();
    for (const path of pagePaths) {
      await expect
        .poll(async () => (await pageContent(path)).booking?.message, { timeout: 10_000, interval: 250 })
        .toBe(marker);
    }
    expect(Date.now() - publishedAt).toBeLessThan(10_000);
    // A path with no page gets the not-found page, rendered from the same live content.
    await expect
      .poll(() => pageContent("/no-such-page"), { timeout: 10_000, interval: 250 })
      .toMatchObject({
        status: 404,
        booking: { message: marker },
      });
  });

  it("every page, opened in Chromium after the publish, hydrates with no error or warning", async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (message: ConsoleMessage) => {
      if (message.type() === "error" || message.type() === "warning")
        problems.push(`${page.url()} ${message.type()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`${page.url()} pageerror: ${error.message}`));
    for (const path of pagePaths) {
      await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
      // Every island due, woken as a visitor would, has hydrated over the server's markup.
      await hydrateEveryIsland(page);
      const block = await page.locator("#page-content").textContent();
      expect(block, path).toContain(marker.slice(0, 30));
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("restores the seeded content", async () => {
    const live = (await (await call("GET", "/api/admin/content")).json()) as { version: number };
    const restored = await call("POST", `/api/admin/content/versions/${seededVersion}/restore`, {
      baseVersion: live.version,
    });
    expect(restored.status).toBe(201);
    await expect
      .poll(async () => (await pageContent("/")).booking?.message, { timeout: 10_000 })
      .not.toBe(marker);
  });
});
