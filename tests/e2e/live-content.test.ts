// Content published through the admin on the served worker (workerd, the built bundle): how
// soon every page shows it, and that every page hydrates cleanly from the new content. What a
// visitor gets while D1 is unreachable is tested in the worker pool, which can take the binding
// away (workerd keeps a lock on its local database file, so no other process can lock it). The
// last test restores the seeded content, so the files after this one see the studio as it was.
import type { ConsoleMessage } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { pathAliases, publicPages } from "../../shared/routes";
import { adminApi } from "../support/admin-api";
import { useAdminAccount } from "../support/admin-browser";
import { axeViolations } from "../support/axe";
import { skipConsentDialog } from "../support/consent";
import { gotoReady, hydrateEveryIsland } from "../support/islands";
import { useBrowser } from "../support/use-browser";

const baseUrl = inject("baseUrl");
const browser = useBrowser();
const account = useAdminAccount("live-content@e2e-studio.test", "a live content passphrase 47");
const marker = `Books open through spring: ask about the ${Date.now()} flash day.`;
const pagePaths = [...publicPages.map((page) => page.path), ...Object.keys(pathAliases)];
let seededVersion = 0;

// An address of its own: the sign-in tests lock 127.0.0.1 out on purpose.
const { call, signIn, liveVersion, restoreVersion } = adminApi(baseUrl, "2001:db8:11e::1");

/**
 * What a page shows of the published content: its status, the service area its footer states
 * (every page has the footer, the not-found page too), and the booking message in the data its
 * islands hydrate from (the file the page names), where it has islands.
 */
async function pageContent(
  path: string,
): Promise<{ status: number; serviceArea: string; booking?: { message?: string } }> {
  const response = await fetch(`${baseUrl}${path}`);
  const html = await response.text();
  const serviceArea = /<h2 id="footer-area"[^>]*>[^<]*<\/h2><p>([^<]*)/.exec(html)?.[1] ?? "";
  const file = /<meta name="page-data" content="([^"]+)"/.exec(html)?.[1];
  const data = file
    ? ((await (await fetch(`${baseUrl}${file}`)).json()) as { booking?: { message?: string } })
    : {};
  return { status: response.status, serviceArea, ...data };
}

beforeAll(async () => {
  await signIn(account);
  seededVersion = await liveVersion();
});

describe("content published through the admin, on the served worker", () => {
  it("shows on every page within 10 s of the publish", async () => {
    for (const path of pagePaths) expect((await pageContent(path)).serviceArea, path).not.toBe(marker);
    const drafts = (await (await call("GET", "/api/admin/content")).json()) as {
      sections: Record<string, { data: unknown; revision: number }>;
    };
    const studio = drafts.sections.studio?.data as { serviceArea: Record<string, unknown> };
    const savedStudio = await call("PUT", "/api/admin/content/sections/studio", {
      data: { ...studio, serviceArea: { ...studio.serviceArea, label: marker } },
      revision: drafts.sections.studio?.revision,
    });
    expect(savedStudio.status).toBe(200);
    const announced = await call("PUT", "/api/admin/content/sections/announcement", {
      data: { text: marker, link: { href: "/flash", label: "See the designs" } },
      revision: drafts.sections.announcement?.revision,
    });
    expect(announced.status).toBe(200);
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
        .poll(async () => (await pageContent(path)).serviceArea, { timeout: 10_000, interval: 250 })
        .toBe(marker);
    }
    expect(Date.now() - publishedAt).toBeLessThan(10_000);
    // The islands' data follows the same version: a page's islands hydrate from the new content.
    expect((await pageContent("/book-consultation")).booking?.message).toBe(marker);
    // A path with no page gets the not-found page, rendered from the same live content.
    await expect
      .poll(() => pageContent("/no-such-page"), { timeout: 10_000, interval: 250 })
      .toMatchObject({ status: 404, serviceArea: marker });
  });

  it("every page, opened in Chromium after the publish, shows the announcement and hydrates with no error or warning", async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (message: ConsoleMessage) => {
      if (message.type() === "error" || message.type() === "warning")
        problems.push(`${page.url()} ${message.type()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`${page.url()} pageerror: ${error.message}`));
    for (const path of pagePaths) {
      await gotoReady(page, `${baseUrl}${path}`);
      // Every island due, woken as a visitor would, has hydrated over the server's markup.
      await hydrateEveryIsland(page);
      expect(await page.locator("footer").textContent(), path).toContain(marker.slice(0, 30));
      // The announcement, under the header, with its link.
      const announcement = page.getByRole("complementary", { name: "Announcement" });
      expect(await announcement.textContent(), path).toBe(`${marker} See the designs`);
      expect(await announcement.getByRole("link").getAttribute("href"), path).toBe("/flash");
    }
    expect(problems).toEqual([]);
    await context.close();
    // Readable and labelled, on a phone and on a desktop (axe is injected past the page's CSP).
    const checking = await browser().newContext({ bypassCSP: true });
    await skipConsentDialog(checking);
    const checked = await checking.newPage();
    for (const width of [390, 1280]) {
      await checked.setViewportSize({ width, height: 900 });
      await checked.goto(`${baseUrl}/about`);
      expect(await axeViolations(checked), `${width} px`).toEqual([]);
    }
    await checking.close();
  });

  it("restores the seeded content", async () => {
    await restoreVersion(seededVersion);
    await expect.poll(async () => (await pageContent("/")).serviceArea, { timeout: 10_000 }).not.toBe(marker);
  });
});
