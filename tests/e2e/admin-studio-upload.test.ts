// A new piece posted from a phone: a photo uploaded into the portfolio, refused at publish until
// it is described, then on /gallery as served (JavaScript off) within 10 s, and the previous
// version restored. Needs the server's photo endpoint.
import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { createAdminAccount, signedInAdminPage } from "../support/admin-browser";
import { useBrowser } from "../support/use-browser";

const baseUrl = inject("baseUrl");
const browser = useBrowser();
const account = { email: "studio-photos@e2e-studio.test", password: "a studio photo passphrase 73" };
const gallery = async () => (await fetch(`${baseUrl}/gallery`)).text();

describe("a new piece from a photo, at 390 px", () => {
  it("uploads, asks for alt text at publish, shows on /gallery, then restores", {
    timeout: 90_000,
  }, async () => {
    await createAdminAccount(account.email, account.password, inject("adminPepper"));
    const { context, page, problems } = await signedInAdminPage(browser(), account, {
      width: 390,
      address: "2001:db8:5d::3",
    });
    await page.goto(`${baseUrl}/admin/studio/portfolio`);
    const live = Number(
      /Live: version (\d+)/.exec((await page.locator(".studio-publish__state").textContent()) ?? "")?.[1],
    );

    await page.getByLabel("Add photos").setInputFiles({
      name: "fresh-koi.png",
      mimeType: "image/png",
      buffer: readFileSync("public/og-image.png"),
    });
    await expect.poll(() => page.getByText("fresh-koi.png · added").count(), { timeout: 30_000 }).toBe(1);
    const piece = page.locator(".studio-item", { hasText: "fresh koi" });
    await expect.poll(() => piece.getByText("no alt text").count()).toBe(1);
    // The upload's line leads to the piece it made: first in the list, its editor open, the
    // keyboard in its first field.
    expect(await page.locator(".studio-item").first().textContent()).toContain("fresh koi");
    await page.getByRole("button", { name: "Edit it (fresh-koi.png)" }).click();
    await expect.poll(() => piece.locator(".studio-item__form").count()).toBe(1);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest(".studio-item")?.textContent ?? ""))
      .toContain("fresh koi");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect.poll(() => page.getByText(/Draft saved/).count()).toBe(1);
    // The upload is in the Studio's activity, by its file name.
    const activity = page.getByRole("region", { name: "Activity" });
    await expect.poll(() => activity.getByText("Photo uploaded: fresh-koi.png").count()).toBe(1);

    // Publishing refuses the undescribed piece, at its field.
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const alt = piece.getByLabel("Alt text (what the photo shows)");
    await expect.poll(() => alt.getAttribute("aria-invalid")).toBe("true");
    const description = `A koi in fresh colour on a forearm ${Date.now()}`;
    await alt.fill(description);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect.poll(() => page.getByText(/Draft saved/).count()).toBe(1);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const publishedAt = Date.now();
    await expect.poll(gallery, { timeout: 10_000, interval: 250 }).toContain(description);
    expect(Date.now() - publishedAt).toBeLessThan(10_000);

    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: `Restore version ${live}`, exact: true }).click();
    await expect.poll(gallery, { timeout: 10_000, interval: 250 }).not.toContain(description);
    expect(problems.filter((problem) => !/status of 400/.test(problem))).toEqual([]);
    await context.close();
  });
});
