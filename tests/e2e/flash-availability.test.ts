import type { ConsoleMessage } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { flashDesigns } from "../../shared/content/flash";
import { skipConsentDialog } from "../support/consent";
import { gotoReady } from "../support/islands";
import { useBrowser } from "../support/use-browser";

/**
 * A design the content marks taken stays on the flash sheet, without its 'Available' badge; its
 * dialog must not offer it as available. The served page is the seed's, with its first design
 * marked taken in both the data file its islands read and the card's markup (as a render from
 * such content would write them), so the page hydrates exactly as it would from a published change.
 */
const baseUrl = inject("baseUrl");
const browser = useBrowser();
const taken = flashDesigns[0];

describe("a flash design the content marks taken", () => {
  it("has no 'Available' badge and its dialog says it is taken and offers a similar design", async () => {
    if (!taken) throw new Error("The seed has no flash designs");
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    await skipConsentDialog(context);
    await context.route(`${baseUrl}/flash`, async (route) => {
      const response = await route.fetch();
      // The card as a render of a claimed design writes it: 'Claimed', and a link to ask for a
      // design like it (React writes the apostrophe in the address as an entity).
      const similarHref = `/book-consultation?idea=${encodeURIComponent(
        `I'd like a design like the flash "${taken.title}" (${taken.id}), which is taken.`,
      ).replaceAll("'", "&#x27;")}`;
      const html = (await response.text()).replace(
        new RegExp(
          `(<li id="${taken.id}"[\\s\\S]*?)<span class="badge">Available</span><a class="art-card__action" href="[^"]*">Book this design`,
        ),
        (_, head: string) =>
          `${head}<span class="badge badge--muted">Claimed</span><a class="art-card__action" href="${similarHref}">Request something similar`,
      );
      await route.fulfill({ response, body: html });
    });
    await context.route(`${baseUrl}/page-data/**`, async (route) => {
      const response = await route.fetch();
      const data = (await response.json()) as { flash: { id: string; status: string }[] };
      for (const design of data.flash) if (design.id === taken.id) design.status = "claimed";
      await route.fulfill({ response, json: data });
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (message: ConsoleMessage) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    });
    try {
      await gotoReady(page, `${baseUrl}/flash`);
      const card = page.locator(`li#${taken.id}`);
      expect(await card.getByText("Available", { exact: true }).count()).toBe(0);
      expect(await card.getByText("Claimed", { exact: true }).count()).toBe(1);

      await card.getByRole("link", { name: /ask about this design/ }).click();
      const dialog = page.getByRole("dialog");
      await expect.poll(() => dialog.getByRole("heading").textContent()).toBe(taken.title);
      expect(await dialog.textContent()).toContain("has been claimed and is no longer available");
      expect(await dialog.textContent()).not.toContain("This design is available");
      const href = await dialog.getByRole("link", { name: "Request something similar" }).getAttribute("href");
      expect(new URL(href ?? "", baseUrl).searchParams.get("idea")).toContain("which is taken");
      await page.keyboard.press("Escape");

      // Another design, still available, says so.
      const other = flashDesigns[1];
      await page
        .locator(`li#${other?.id}`)
        .getByRole("link", { name: /ask about this design/ })
        .click();
      await expect.poll(() => dialog.getByRole("heading").textContent()).toBe(other?.title);
      expect(await dialog.textContent()).toContain("This design is available");
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
