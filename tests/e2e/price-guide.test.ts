import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useFormPages } from "../support/form-pages";

/**
 * The price guide in a real Chromium against the served worker: the services page's picker.
 */
const { open } = useFormPages();

const problems = (page: Page) => {
  const found: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") found.push(message.text());
  });
  page.on("pageerror", (error) => found.push(error.message));
  return found;
};

describe("the price guide", () => {
  it("narrows the services page's guide by size, placement and style in the browser", async () => {
    const page = await open("/services", 390);
    const logged = problems(page);
    const picker = page.locator('[data-island="price-guide"]');
    await picker.scrollIntoViewIfNeeded();
    const line = picker.locator(".price-guide__line");
    await expect.poll(() => line.textContent()).toMatch(/\(from \d+ medium pieces\)$/);
    // Hydrated (the island waits for the page's idle time, on this page's own clock): choosing a
    // size changes the line without a reload.
    await expect
      .poll(async () => {
        await page.clock.fastForward(500);
        await page.getByLabel("Size", { exact: true }).selectOption("large");
        return line.textContent();
      })
      .toMatch(/^Similar pieces took \d+-\d+ hours, \$[\d,]+-[\d,]+ \(from \d+ large pieces\)$/);
    await page.getByLabel("Placement", { exact: true }).selectOption("upper-arm");
    await expect.poll(() => line.textContent()).toMatch(/\(from \d+ large pieces on the upper arm\)$/);
    await page.getByLabel("Placement", { exact: true }).selectOption("");
    await page.getByLabel("Size", { exact: true }).selectOption("small");
    await page.getByLabel("Style", { exact: true }).selectOption("script");
    await expect.poll(() => line.textContent()).toMatch(/\(from 3 small script pieces\)$/);
    // Too few small horror pieces on the hand: it widens to every small piece.
    await page.getByLabel("Style", { exact: true }).selectOption("horror");
    await page.getByLabel("Placement", { exact: true }).selectOption("hand");
    await expect.poll(() => line.textContent()).toMatch(/\(from \d+ small pieces\)$/);
    expect(logged).toEqual([]);
  });
});
