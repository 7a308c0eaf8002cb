import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useFormPages } from "../support/form-pages";

/**
 * The price guide in a real Chromium against the served worker: the services page's picker and
 * the line under the request form's size and placement.
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

  it("tells a visitor on the request form what similar pieces took, once a size is picked", async () => {
    const page = await open("/book-consultation", 390);
    const logged = problems(page);
    const slot = page.locator(".price-guide__slot");
    await slot.waitFor({ state: "attached" });
    // No line (and none of its code) before the visitor picks a size.
    expect((await slot.textContent())?.trim()).toBe("");
    // Hydrated (the form's timers run on this page's own clock): picking a size shows the line.
    await expect
      .poll(
        async () => {
          await page.clock.fastForward(500);
          await page.locator("#consultation-size").selectOption({ index: 2 });
          return slot.textContent();
        },
        { timeout: 10_000 },
      )
      .toMatch(/^Similar pieces took \d+-\d+ hours, \$[\d,]+-[\d,]+ \(from \d+ medium pieces\)$/);
    // The placement in the visitor's own words narrows it.
    await page.locator("#consultation-placement").fill("left forearm");
    await expect.poll(() => slot.textContent()).toMatch(/\(from \d+ medium pieces on the forearm\)$/);
    expect(logged).toEqual([]);
  });
});
