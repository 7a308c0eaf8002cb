import { describe, expect, it } from "vitest";
import { contentFromModules } from "../../shared/content/module-content";
import { d1, sqlText } from "../support/d1";
import { humanPause, unique, useFormPages } from "../support/form-pages";

/** "Book this design" on the flash sheet, through the form, into the artist's inbox row. */
const { open } = useFormPages();
const [design] = contentFromModules().flash.filter((item) => item.status === "available");

describe("Book this design", () => {
  it("opens the request form with the design shown, and the request carries it", async () => {
    if (!design) throw new Error("The seed has no available design");
    const page = await open("/flash", 390);
    await page
      .locator(`li#${design.id}`)
      .getByRole("link", { name: /Book this design/ })
      .click();
    await page.waitForURL(/\/book-consultation/);
    const attached = page.getByRole("region", { name: "Flash design attached" });
    await expect.poll(() => attached.textContent()).toContain(design.title);
    expect(await attached.locator("img").getAttribute("src")).toBe(`/flash/${design.id}-thumb.webp`);
    expect(new URL(page.url()).searchParams.has("design")).toBe(false);
    // The price guide states the design's own price, never what custom pieces of a size took.
    await page.getByLabel("Size").selectOption({ index: 2 });
    const guide = page.locator("#consultation-guide");
    const flashPrice = contentFromModules().prices.flash.range;
    const own =
      design.price === undefined ? `Flash designs are ${flashPrice}` : `This design is $${design.price}`;
    await expect.poll(() => guide.textContent()).toContain(own);
    expect(await guide.textContent()).not.toContain("Similar pieces took");

    const tag = unique();
    const email = `flash.${tag}@example.com`;
    await page.getByLabel("Full name").fill("Rosa Lind");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Phone").fill("+1 240 555 0190");
    await page.getByLabel("Tattoo idea").fill(`This design on my calf, as drawn. ${tag}`);
    await page.getByLabel("I confirm that I am 18 years of age or older").check();
    await humanPause(page);
    await page.getByRole("button", { name: "Send Request" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Request Sent!" }).count()).toBe(1);
    const rows = d1<{ flash_design: string | null }>(
      `SELECT flash_design FROM consultation_requests WHERE email = ${sqlText(email)}`,
    );
    expect(rows).toEqual([{ flash_design: design.id }]);
  });

  it("lets the visitor remove the design before sending", async () => {
    if (!design) throw new Error("The seed has no available design");
    const page = await open(`/book-consultation?design=${design.id}`, 390);
    const attached = page.getByRole("region", { name: "Flash design attached" });
    await expect.poll(() => attached.count()).toBe(1);
    await attached.getByRole("button", { name: /Remove/ }).click();
    await expect.poll(() => attached.count()).toBe(0);
  });
});
