// The Studio at desktop width, on the served worker: a piece moved from the keyboard stays moved
// once saved, and one dragged by its grip moves too; the preview opens on the page's own address with the preview's banner and no
// consent dialog, and stays a preview across a link to another page, until she leaves it; the
// history then says what the publish changed, in words.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { openStudioSection, useAdminAccount, useAdminSession } from "../support/admin-browser";
import { useBrowser } from "../support/use-browser";

const baseUrl = inject("baseUrl");
const browser = useBrowser();
const account = useAdminAccount("studio-preview@e2e-studio.test", "a studio preview passphrase 31");
const session = useAdminSession(browser, account, { width: 1280, address: "2001:db8:5d::7" }, (problems) =>
  expect(problems).toEqual([]),
);

async function saveDraft(page: Page) {
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect.poll(() => page.getByRole("status").first().textContent()).toMatch(/Draft saved/);
}

const titles = (page: Page) =>
  page
    .locator(".studio-item__title")
    .evaluateAll((els) => els.map((el) => el.childNodes[0]?.textContent ?? ""));

/** What a previewed page shows of the preview: its banner, its mark, and whether consent was asked. */
const previewState = (page: Page) =>
  page.evaluate(() => ({
    path: location.pathname,
    banner: document.querySelector(".gn-preview-banner strong")?.textContent ?? null,
    marked: document.documentElement.hasAttribute("data-preview"),
    // The privacy strip a visitor sees, or its dialog.
    consentAsked:
      (document.querySelector<HTMLDialogElement>("dialog.consent-dialog")?.open ?? false) ||
      [...document.querySelectorAll(".consent-strip")].some(
        (strip) => getComputedStyle(strip).display !== "none",
      ),
  }));

/** Once the previewed page has started: still a preview, at `path`, asking nobody for consent. */
async function expectPreviewAt(page: Page, path: string) {
  await page.waitForFunction(() => document.documentElement.dataset.started !== undefined);
  expect(await previewState(page)).toEqual({
    path,
    banner: "Preview of your draft — not live",
    marked: true,
    consentAsked: false,
  });
}

describe("the Studio's preview and history", () => {
  it("keeps a keyboard move, previews it across links without consent, lists the change in words, and drags", async () => {
    const { page, context } = session();
    await openStudioSection(page, "Portfolio");
    const before = await titles(page);
    const [first = "", second = ""] = before;
    await page.getByRole("button", { name: `Move ${first} down`, exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => titles(page)).toEqual([second, first, ...before.slice(2)]);
    await saveDraft(page);
    // Saved to the draft: a fresh load of the Studio has it in its new place.
    await page.reload();
    await page.getByRole("heading", { level: 2, name: "Portfolio" }).waitFor();
    await expect.poll(() => titles(page)).toEqual([second, first, ...before.slice(2)]);

    // The preview opens in a tab of its own, at the gallery's address, drawn from the drafts.
    const [preview] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("link", { name: /^Preview/ }).click(),
    ]);
    preview.on("pageerror", (error) => session().problems.push(`preview: ${error.message}`));
    preview.on("console", (message) => {
      if (message.type() === "error") session().problems.push(`preview: ${message.text()}`);
    });
    await preview.waitForLoadState("load");
    await expectPreviewAt(preview, "/gallery");
    const shown = await preview.locator("main").textContent();
    expect(shown?.indexOf(second)).toBeLessThan(shown?.indexOf(first) ?? -1);
    expect(await preview.getByRole("link", { name: "Back to the Studio" }).getAttribute("href")).toBe(
      "/admin/studio",
    );

    // A link inside the preview leads to the next page, still a preview.
    await preview.locator('header a[href="/contact"]').first().click();
    await preview.waitForURL(`${baseUrl}/contact`);
    await expectPreviewAt(preview, "/contact");

    // Leaving the preview shows the live page, as a visitor gets it.
    await preview.getByRole("link", { name: "See the live page" }).click();
    await preview.waitForURL(`${baseUrl}/contact`);
    expect((await previewState(preview)).banner).toBeNull();
    expect((await previewState(preview)).marked).toBe(false);
    await preview.close();

    // Published, the history says what changed, in words (a swap of two neighbours reads as the
    // one that went up).
    await page.getByLabel("Note for the history (optional)").fill("Reordered the portfolio");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect.poll(() => page.getByText(/Published version \d+/).count()).toBe(1);
    const live = Number(
      /Published version (\d+)/.exec(
        (await page.getByText(/Published version \d+/).textContent()) ?? "",
      )?.[1],
    );
    const changes = page.getByRole("list", { name: `Changes in version ${live}` });
    await expect
      .poll(() => changes.getByRole("listitem").allTextContents())
      .toEqual([`Portfolio: “${second}” moved to position 1 of ${before.length}`]);

    // And the previous version back, as it was, for the files after this one.
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: `Restore version ${live - 1}`, exact: true }).click();
    await expect.poll(() => page.getByText(`Version ${live - 1} is live again`).count()).toBe(1);
    await expect
      .poll(() =>
        page
          .getByRole("list", { name: `Changes in version ${live + 1}` })
          .getByRole("listitem")
          .allTextContents(),
      )
      .toEqual([`Portfolio: “${first}” moved to position 1 of ${before.length}`]);

    // A drag by the grip (a pointer, as a mouse or a finger gives it) moves a piece too.
    await page.getByRole("heading", { level: 2, name: "Portfolio" }).waitFor();
    const now = await titles(page);
    await page.locator(".studio-item").nth(1).scrollIntoViewIfNeeded();
    const from = await page.locator(".studio-item__grip").nth(2).boundingBox();
    const onto = await page.locator(".studio-item").first().boundingBox();
    if (!from || !onto) throw new Error("the list is not on screen");
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(onto.x + onto.width / 2, onto.y + onto.height / 2, { steps: 6 });
    await page.mouse.up();
    await expect.poll(() => titles(page)).toEqual([now[2], now[0], now[1], ...now.slice(3)]);
    await expect
      .poll(() => page.locator('[aria-live="polite"]').first().textContent())
      .toBe(`${now[2]} moved to position 1 of ${now.length}.`);
  });
});
