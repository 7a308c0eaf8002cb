// A healed photo published through the admin on the served worker: its badge, the healed-only
// filter and the healed/fresh pair in the lightbox, at phone width. The last step restores the
// content as it was, so the files after this one see the seeded studio.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminApi } from "../support/admin-api";
import { useAdminAccount } from "../support/admin-browser";
import { skipConsentDialog } from "../support/consent";
import { gotoReady } from "../support/islands";
import { useBrowser } from "../support/use-browser";

const baseUrl = inject("baseUrl");
const browser = useBrowser();
const account = useAdminAccount("gallery-healed@e2e-studio.test", "a healed gallery passphrase 52");
let seededVersion = 0;

// An address of its own: the sign-in tests lock 127.0.0.1 out on purpose.
const { call, signIn, restoreVersion } = adminApi(baseUrl, "2001:db8:11e::2");

/** Whether the served gallery badges any card healed. */
const galleryShowsHealed = async () =>
  (await (await fetch(`${baseUrl}/gallery`)).text()).includes(">Healed</span>");

/** Polls a condition (hooks cannot use expect.poll) until it holds, or fails after `ms`. */
async function until(condition: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error("The gallery did not change within 10 s of the publish");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Piece {
  id: string;
  title: string;
  healed?: boolean;
  freshPiece?: string;
}
let fresh: Piece;
let healed: Piece;

beforeAll(async () => {
  await signIn(account);
  const drafts = (await (await call("GET", "/api/admin/content")).json()) as {
    version: number;
    sections: { portfolio: { data: Piece[]; revision: number } };
  };
  seededVersion = drafts.version;
  const portfolio = structuredClone(drafts.sections.portfolio.data);
  const [first, second] = portfolio;
  if (!first || !second) throw new Error("The seed has too few pieces");
  second.healed = true;
  second.freshPiece = first.id;
  [fresh, healed] = [first, second];
  const revision = drafts.sections.portfolio.revision;
  expect(
    (await call("PUT", "/api/admin/content/sections/portfolio", { data: portfolio, revision })).status,
  ).toBe(200);
  expect((await call("POST", "/api/admin/content/publish", { baseVersion: seededVersion })).status).toBe(201);
  await until(galleryShowsHealed);
});

afterAll(async () => {
  await restoreVersion(seededVersion);
  await until(async () => !(await galleryShowsHealed()));
});

describe("healed photos in the gallery", () => {
  // Publishes through the admin API, then walks the gallery in Chromium: 21 s on a loaded CI machine.
  it("filters to healed photos and shows a healed photo beside its fresh piece", {
    timeout: 90_000,
  }, async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    await skipConsentDialog(context);
    const page = await context.newPage();
    try {
      await gotoReady(page, `${baseUrl}/gallery`);
      const cards = page.locator("ul[aria-label='Portfolio pieces'] > li");
      expect(await page.locator(`li#${healed.id}`).getByText("Healed", { exact: true }).count()).toBe(1);
      await page.getByRole("button", { name: "Healed only" }).click();
      await expect.poll(() => cards.count()).toBe(1);
      expect(new URL(page.url()).searchParams.get("healed")).toBe("1");
      await cards
        .first()
        .getByRole("link", { name: `Open ${healed.title}` })
        .click();
      const dialog = page.getByRole("dialog");
      await expect.poll(() => dialog.locator("figcaption").allTextContents()).toEqual(["Fresh", "Healed"]);
      expect(await dialog.locator(".healed-pair img").count()).toBe(2);
      expect(await dialog.locator(".healed-pair img").first().getAttribute("src")).toContain(fresh.id);
    } finally {
      await context.close();
    }
  });
});
